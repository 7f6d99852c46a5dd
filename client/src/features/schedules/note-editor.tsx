import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { Button } from '../../components/button';
import { Checkbox, Field, Textarea } from '../../components/input';
import { Modal } from '../../components/modal';
import { toast } from '../../components/toast';
import { formatDay } from '../../../../shared/rules/dates';
import { DROP_OFF_NOTE_MAX } from '../../../../shared/schemas/schedules';

/**
 * The rider's note for a day (PUT /api/user/deliveries/{date}/instructions, decision 295): "leave with
 * security", "ring twice" — for this date, or for every day of the schedule.
 */
export function NoteEditor({
  date,
  scheduleId,
  dayNote,
  scheduleNote,
  onClose,
}: {
  date: string;
  scheduleId: string;
  /** The date's own note, if it has one. */
  dayNote: string | undefined;
  /** The schedule's every-day note. */
  scheduleNote: string | null;
  onClose(): void;
}) {
  const utils = trpc.useUtils();
  const put = trpc.schedules.putInstructions.useMutation();
  const [everyDay, setEveryDay] = useState(dayNote === undefined && !!scheduleNote);
  const [note, setNote] = useState(dayNote ?? scheduleNote ?? '');
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const had = everyDay ? !!scheduleNote : !!dayNote;

  const save = async (text: string) => {
    setError(null);
    setFieldError(undefined);
    try {
      await put.mutateAsync({ date, note: text, everyDay, scheduleId });
      await utils.schedules.calendar.invalidate();
      toast({
        title: text ? 'Note saved for the rider' : 'Note removed',
        description: everyDay ? 'Every day of this schedule' : formatDay(date, 'weekdayDate'),
        variant: 'success',
      });
      onClose();
    } catch (err) {
      setFieldError(fieldErrorsOf(err).note);
      setError(messageOf(err));
    }
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Note for the rider, ${formatDay(date)}`}
      testId="note-editor"
      footer={
        <>
          {had ? (
            <Button variant="ghost" loading={put.isPending} onClick={() => void save('')} data-testid="note-remove">
              Remove note
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={put.isPending} disabled={!note.trim()} onClick={() => void save(note)} data-testid="note-save">
            Save note
          </Button>
        </>
      }
    >
      <Field label="What should the rider know?" hint={`For example “Leave with security” or “Ring twice”. ${note.length}/${DROP_OFF_NOTE_MAX}`} error={fieldError}>
        {(p) => (
          <Textarea {...p} rows={3} maxLength={DROP_OFF_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} data-testid="note-text" />
        )}
      </Field>
      <Checkbox label="Every day of this schedule" checked={everyDay} onChange={(e) => setEveryDay(e.target.checked)} data-testid="note-every-day" />
      {error && !fieldError ? (
        <p className="field__error" role="alert" data-testid="note-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
