import { Link } from 'react-router';
import { FormMessage, TextField } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { useViewers } from '@/features/admin/api/viewers';
import { Pager } from '@/features/admin/components/pager';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';
import { formatWhen } from '@/features/admin/utils/format';

const PAGE_SIZE = 25;

/** Accounts found by email or name, newest first; the search is part of the address. */
export function Component() {
  const { page, get, set } = useUrlFilters();
  const q = get('q');
  const viewers = useViewers({ q, page, pageSize: PAGE_SIZE });

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Viewers</h1>
      <div role="search" aria-label="Find a viewer">
        <TextField label="Email or name" type="search" defaultValue={q} onChange={(event) => set('q', event.target.value.trim())} />
      </div>
      {viewers.isError && <FormMessage tone="error">{viewers.error.message}</FormMessage>}
      {viewers.isPending ? (
        <PageSpinner />
      ) : viewers.data && viewers.data.items.length === 0 ? (
        <p className="py-8 text-center text-zinc-400">No account matches.</p>
      ) : (
        <ul aria-label="Accounts" className="flex flex-col gap-2">
          {viewers.data?.items.map((viewer) => (
            <li key={viewer._id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-900/60 px-3 py-2 text-sm">
              <Link to={adminPaths.viewer.href(viewer._id)} className="font-medium text-amber-300 underline-offset-2 hover:underline">
                {viewer.name} · {viewer.email}
              </Link>
              <span className="text-zinc-400">
                {viewer.role !== 'viewer' && `${viewer.role} · `}
                {viewer.suspendedAt ? <strong className="text-red-300">suspended</strong> : `joined ${formatWhen(viewer.createdAt)}`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager total={viewers.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} noun={['account', 'accounts']} onPage={(next) => set('page', String(next))} />
    </div>
  );
}
