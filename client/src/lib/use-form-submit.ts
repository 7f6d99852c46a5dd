import { useCallback, useState } from 'react';
import { fieldErrorsOf, messageOf } from './errors';

interface SubmitOptions {
  /** Said when the server gave no sentence of its own (spec §5). */
  fallback: string;
  /** Said instead of the server's sentence when the refusal names fields (they show their own errors). */
  whenFields?: string;
  /** Anything else a refusal means for this form (an expired link, say). */
  onRefused?(err: unknown): void;
}

/**
 * A form's submit: busy while it runs; on a refusal, the server's field errors beside their fields
 * and its sentence above the form — unless a field already says that very sentence (it is then said
 * once, beside the field, so a screen reader hears it once). Every form sent to the server reports a refusal this one way.
 */
export function useFormSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  /** Runs `action`; resolves true when it went through. */
  const run = useCallback(async (action: () => Promise<unknown>, o: SubmitOptions): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      await action();
      return true;
    } catch (err) {
      const f = fieldErrorsOf(err);
      const said = messageOf(err, o.fallback);
      setFields(f);
      // Each sentence is announced once: one a field already shows (and announces) is not repeated above the form.
      setError(o.whenFields && Object.keys(f).length ? o.whenFields : Object.values(f).includes(said) ? null : said);
      o.onRefused?.(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, fields, run, setError, setFields };
}
