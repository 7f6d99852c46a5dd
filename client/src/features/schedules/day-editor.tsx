import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { Button } from '../../components/button';
import { Modal } from '../../components/modal';
import { toast } from '../../components/toast';
import { formatDay } from '../../../../shared/rules/dates';
import type { Schedule, ScheduleItem, ScheduleLine } from '../../../../shared/schemas/schedules';
import { ItemsPicker, useItemOptions } from './items-picker';

const toLines = (items: readonly ScheduleItem[]): ScheduleLine[] =>
  items.map((i) => ({ id: i.id, type: i.type, quantity: i.quantity, ...(i.recipe ? { recipe: i.recipe } : {}) }));

/** One day of one schedule: change its shakes and quantities or add a one-off extra (PUT /api/user/deliveries/{date}). */
export function DayEditor({
  date,
  scheduleId,
  items,
  changed,
  schedule,
  onClose,
}: {
  date: string;
  scheduleId: string;
  /** The day's items as the calendar shows them (its own when changed, else the schedule's). */
  items: readonly ScheduleItem[];
  changed: boolean;
  schedule: Schedule | null;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const { options } = useItemOptions();
  const [lines, setLines] = useState<ScheduleLine[]>(() => toLines(items));
  const [error, setError] = useState<string | null>(null);
  const put = trpc.schedules.putDay.useMutation();

  const save = async (items: ScheduleLine[] | null) => {
    setError(null);
    try {
      await put.mutateAsync({ date, scheduleId, items });
      await Promise.all([utils.schedules.calendar.invalidate(), utils.schedules.list.invalidate()]);
      toast({
        title: items ? 'Saved for this day' : 'Back to your usual shakes',
        description: formatDay(date, 'weekdayDate'),
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setError(messageOf(err));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Change ${formatDay(date)}`}
      testId="day-editor"
      footer={
        <>
          {changed ? (
            <Button variant="ghost" loading={put.isPending} onClick={() => void save(null)} data-testid="day-reset">
              Usual shakes
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={put.isPending} disabled={lines.length === 0} onClick={() => void save(lines)} data-testid="day-save">
            Save for this day
          </Button>
        </>
      }
    >
      <p className="text-sm text-muted">
        Only {formatDay(date)} changes{schedule ? ` (${schedule.daysLabel})` : ''}: the schedule stays as it is. Add a shake for a one-off
        extra.
      </p>
      <ItemsPicker value={lines} onChange={setLines} options={options} />
      {error ? (
        <p className="field__error" role="alert" data-testid="day-editor-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
