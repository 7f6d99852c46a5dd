import { useEffect, useId, useMemo, useState } from 'react';
import type { OrderPlanType, SlotPlanType, SlotReason } from '../../../../shared/rules/slots';
import { cutoffText, formatSlotRange, istToday, addDays, SLOT_REASON_LABELS } from '../../../../shared/rules/slots';
import { Button } from '../../components/button';
import { RadioButton } from '../../components/radio-button';
import { AlertIcon, ClockIcon, RefreshIcon } from '../../components/icons';
import { SLOTS_FALLBACK_ERROR, type DeliverySlotView } from './slot-fetcher';
import { useAvailableDays, useDeliverySlots, useRefreshDeliverySlots } from './use-slots';
import './slots.css';
import { formatDay } from '../../../../shared/rules/dates';
import { LoadError } from '../../components/load-error';

export interface SlotSelection {
  date: string;
  slotId: string;
  startTime: string;
  endTime: string;
  /** The slot's own plan type: 'subscription' for a subscriber-only slot. */
  planType: SlotPlanType;
}

export interface SlotPickerProps {
  /** 'subscription' also offers the subscriber-only slots. */
  planType: OrderPlanType;
  value: SlotSelection | null;
  onChange: (selection: SlotSelection | null) => void;
  /** Heading level text; pass null to render without a heading. */
  title?: string | null;
}


function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  return formatDay(date, 'weekday');
}

function slotNote(s: DeliverySlotView): string {
  if (!s.available) return SLOT_REASON_LABELS[s.reason as SlotReason] ?? 'Unavailable';
  if (s.remaining <= 5) return `Only ${s.remaining} left`;
  return 'Available';
}

/**
 * Delivery date and time: the booking window as date chips, then that day's slots.
 * Full, closed and blackout slots stay visible but disabled, with the reason.
 */
export function SlotPicker({ planType, value, onChange, title = 'Delivery slot' }: SlotPickerProps) {
  const headingId = useId();
  const days = useAvailableDays(planType);
  const refresh = useRefreshDeliverySlots();
  const today = days.data?.today ?? istToday(new Date());
  const config = days.data?.config;

  // The window: today (while anything is left today) through today + horizon.
  const bookableDays = useMemo(() => {
    const all = days.data?.days ?? [];
    const horizonEnd = config ? addDays(today, config.horizonDays) : undefined;
    return all.filter((d) => (!horizonEnd || d.date <= horizonEnd) && (d.date !== today || d.available));
  }, [days.data, config, today]);

  const [date, setDate] = useState<string | null>(value?.date ?? null);
  useEffect(() => {
    if (date && bookableDays.some((d) => d.date === date)) return;
    const first = bookableDays.find((d) => d.available) ?? bookableDays[0];
    if (first) setDate(first.date);
  }, [bookableDays, date]);

  // A selection made for it (a checkout opened for one day): show that day.
  useEffect(() => {
    if (value && value.date !== date) setDate(value.date);
  }, [value, date]);

  const slots = useDeliverySlots(date, planType);

  // A selection that is no longer bookable (filled up meanwhile) is dropped.
  useEffect(() => {
    if (!value || !slots.data || value.date !== date) return;
    const s = slots.data.find((x) => x.id === value.slotId);
    if (!s || !s.available) onChange(null);
  }, [slots.data, value, date, onChange]);

  const pickDate = (d: string) => {
    setDate(d);
    if (value && value.date !== d) onChange(null);
  };

  return (
    <section className="slot-picker stack" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <div className="slot-picker__head">
          <h3 className="h4" id={headingId}>
            {title}
          </h3>
          {config ? (
            <p className="text-sm text-subtle slot-picker__hint">
              <ClockIcon aria-hidden="true" /> Order at least {cutoffText(config.cutoffMinutes)} before a slot starts
            </p>
          ) : null}
        </div>
      ) : null}

      {days.isError ? (
        <LoadError message={days.error.message || SLOTS_FALLBACK_ERROR} onRetry={() => void days.refetch()} />
      ) : days.isLoading ? (
        <div className="slot-picker__dates" aria-hidden="true">
          {Array.from({ length: 7 }, (_, i) => (
            <span key={i} className="skeleton slot-date slot-date--skeleton" />
          ))}
        </div>
      ) : (
        <div className="slot-picker__dates" role="radiogroup" aria-label="Delivery date">
          {bookableDays.map((d) => {
            const selected = d.date === date;
            const closedNote = d.blackoutReason ? `No deliveries: ${d.blackoutReason}` : !d.available ? 'Fully booked' : undefined;
            return (
              <RadioButton
                key={d.date}
                checked={selected}
                disabled={!d.available}
                title={closedNote}
                className="slot-date"
                onClick={() => pickDate(d.date)}
                data-date={d.date}
              >
                <span className="slot-date__day">{dayLabel(d.date, today)}</span>
                <span className="slot-date__date">{formatDay(d.date, 'dayMonth')}</span>
                {!d.available ? <span className="slot-date__note">{d.blackoutReason ?? 'Full'}</span> : null}
              </RadioButton>
            );
          })}
        </div>
      )}

      {date ? (
        slots.isError ? (
          <div className="alert alert--danger" role="alert">
            <AlertIcon aria-hidden="true" />
            <div className="stack stack--sm">
              <span>{slots.error.message || SLOTS_FALLBACK_ERROR}</span>
              <Button size="sm" variant="secondary" onClick={() => void refresh(date)}>
                <RefreshIcon aria-hidden="true" /> Try again
              </Button>
            </div>
          </div>
        ) : slots.isLoading ? (
          <div className="grid slot-picker__slots" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <span key={i} className="skeleton slot-option slot-option--skeleton" />
            ))}
          </div>
        ) : slots.data && slots.data.length === 0 ? (
          <p className="text-muted">No delivery slots are offered on this day.</p>
        ) : (
          <div className="grid slot-picker__slots" role="radiogroup" aria-label="Delivery time">
            {slots.data?.map((s) => {
              const selected = value?.slotId === s.id && value.date === date;
              return (
                <RadioButton
                  key={s.id}
                  checked={selected}
                  disabled={!s.available}
                  className="slot-option"
                  data-reason={s.reason}
                  data-low={s.available && s.remaining <= 5 ? '' : undefined}
                  onClick={() => onChange({ date, slotId: s.id, startTime: s.startTime, endTime: s.endTime, planType: s.planType })}
                >
                  <span className="slot-option__time">{formatSlotRange(s.startTime, s.endTime)}</span>
                  <span className="slot-option__note">
                    {slotNote(s)}
                    {s.planType === 'subscription' ? <span className="badge badge--accent">Subscribers</span> : null}
                  </span>
                </RadioButton>
              );
            })}
          </div>
        )
      ) : null}
    </section>
  );
}
