import { useParams } from 'react-router';
import { FormMessage } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { useSignOutSession, useSignOutViewer, useSuspendViewer, useViewerAccount } from '@/features/admin/api/viewers';
import { useGrantAccess } from '@/features/admin/api/payments';
import { GrantForm } from '@/features/admin/components/grant-form';
import { ReasonForm } from '@/features/admin/components/reason-form';
import { ViewerAccountDetails } from '@/features/admin/components/viewer-account';
import { formatWhen } from '@/features/admin/utils/format';

/** One account as support sees it, with signing it out (everywhere or one session) and suspending it. */
export function Component() {
  const { id = '' } = useParams();
  const account = useViewerAccount(id);
  const signOut = useSignOutViewer();
  const signOutSession = useSignOutSession();
  const suspend = useSuspendViewer();
  const grant = useGrantAccess();

  if (account.isPending) return <PageSpinner />;
  if (account.isError) return <FormMessage tone="error">{account.error.message}</FormMessage>;
  const { viewer } = account.data;
  const suspended = viewer.suspendedAt !== null;

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-white">{viewer.name}</h1>
        <p className="text-sm text-zinc-400">
          {viewer.email} · joined {formatWhen(viewer.createdAt)}
          {viewer.role !== 'viewer' && ` · ${viewer.role}`}
        </p>
        {suspended && (
          <p role="status" className="mt-2 rounded-md bg-red-950 px-3 py-2 text-sm text-red-200">
            Suspended since {formatWhen(viewer.suspendedAt!)}: this account cannot sign in or play.
          </p>
        )}
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <ReasonForm
          label="Sign out everywhere"
          description="Ends every session of this account; whatever it plays stops."
          submitLabel="Sign out everywhere"
          variant="secondary"
          done="Signed out everywhere."
          onSubmit={({ reason }) => signOut.mutateAsync({ id, body: { reason } })}
        />
        <ReasonForm
          label={suspended ? 'Lift the suspension' : 'Suspend the account'}
          description={suspended ? 'The viewer can sign in and watch again.' : 'The viewer is signed out everywhere and cannot sign in or play until the suspension is lifted.'}
          submitLabel={suspended ? 'Lift the suspension' : 'Suspend'}
          variant="secondary"
          done={suspended ? 'Suspension lifted.' : 'Suspended.'}
          onSubmit={({ reason }) => suspend.mutateAsync({ id, body: { suspended: !suspended, reason } })}
        />
      </div>
      <GrantForm onGrant={(body) => grant.mutateAsync({ id, body })} />
      <ViewerAccountDetails account={account.data} onSignOutSession={(sessionId, reason) => signOutSession.mutateAsync({ id, sessionId, body: { reason } })} />
    </div>
  );
}
