import { FormMessage } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { useStaff } from '@/features/admin/api/get-staff';
import { StaffTable } from '@/features/admin/components/staff-table';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** Accounts with an operator role (admins only); ADMIN_EMAILS makes an admin at sign-in. */
export function Component() {
  const { me } = useOperator();
  const staff = useStaff();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Staff</h1>
      <p className="text-sm text-zinc-400">admin: everything · editor: catalogue and media · support: viewers, payments and messages, catalogue read-only · viewer: no console.</p>
      {staff.isPending ? <PageSpinner /> : staff.isError ? <FormMessage tone="error">{staff.error.message}</FormMessage> : <StaffTable staff={staff.data} myId={me._id} />}
    </div>
  );
}
