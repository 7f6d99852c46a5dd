import type { ScheduleLine } from '../../../shared/schemas/schedules';
import { coversDate, willBePlaced, withinSchedule } from '../../../shared/rules/schedules';
import type { DueRow } from './schedules.repository';

/** What a due row delivers on the date (null: nothing), with the shared day rules. */
export function plannedLines(row: DueRow, date: string): ScheduleLine[] | null {
  const s = row.schedule;
  const days = { days: s.days, weekdays: s.weekdays, startDate: s.start_date, endDate: s.end_date };
  const delivers = coversDate(days, date) || (!!row.change?.items && withinSchedule(days, date));
  const placed = willBePlaced({ active: s.status === 'active', delivers, skipped: !!row.change?.skipped, onVacation: row.on_vacation });
  return placed ? (row.change?.items ?? s.items) : null;
}
