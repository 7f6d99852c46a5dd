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
 * and its sentence above the form. Every form sent to the server reports a refusal this one way.
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
      setFields(f);
      setError(o.whenFields && Object.keys(f).length ? o.whenFields : messageOf(err, o.fallback));
      o.onRefused?.(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, fields, run, setError, setFields };
}
