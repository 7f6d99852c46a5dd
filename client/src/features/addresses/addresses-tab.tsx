import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { AddressPicker } from './address-picker';

/**
 * /profile?tab=addresses: the address book checkout uses, managed on its own — add, edit, make default,
 * delete. The same picker and form as checkout, so the same rules: a PIN code we do not deliver to can
 * be saved but never be the default.
 */
export default function AddressesTab() {
  const { user } = useAuth();
  const profile = trpc.users.profile.useQuery();
  const phone = profile.data?.mobile ?? user?.user_metadata.mobile;
  return (
    <section className="card card--padded" data-testid="profile-addresses">
      <AddressPicker
        value={null}
        onChange={() => {}}
        selectable={false}
        title="Saved addresses"
        defaults={{ name: profile.data?.name || user?.user_metadata.name || undefined, phone: phone ?? undefined }}
      />
    </section>
  );
}
