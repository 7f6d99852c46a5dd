import { trpc } from '../../lib/trpc';
import { isPincode, notServiceableMessage } from '../../../../shared/rules/india';

export type PincodeStatus =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'serviceable'; area: string }
  | { state: 'not-serviceable'; message: string }
  | { state: 'error' };

/** Live check of a PIN code against the delivery list (only once it has 6 valid digits). */
export function usePincodeCheck(raw: string): PincodeStatus {
  const pincode = raw.replace(/\s/g, '');
  const valid = isPincode(pincode);
  const q = trpc.slots.pincode.useQuery({ pincode }, { enabled: valid, retry: 1 });
  if (!valid) return { state: 'idle' };
  if (q.isLoading) return { state: 'checking' };
  if (q.isError || !q.data) return { state: 'error' };
  return q.data.serviceable
    ? { state: 'serviceable', area: q.data.area ?? '' }
    : { state: 'not-serviceable', message: notServiceableMessage(pincode) };
}
