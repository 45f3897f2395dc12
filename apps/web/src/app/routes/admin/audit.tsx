import { FormMessage, TextField } from '@/features/admin/components/fields';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useAuditLog } from '@/features/admin/api/get-audit';
import { AuditTable } from '@/features/admin/components/audit-table';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';

const PAGE_SIZE = 50;

/** Every change made in the console, newest first, filtered by what changed. */
export function Component() {
  const { page, get, set } = useUrlFilters();
  const entityType = get('entityType');
  const log = useAuditLog({ entityType, page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((log.data?.total ?? 0) / PAGE_SIZE));

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Audit log</h1>
      <TextField label="What changed (title, row, banner, plan, user…)" defaultValue={entityType} onChange={(event) => set('entityType', event.target.value.trim())} />
      {log.isError && <FormMessage tone="error">{log.error.message}</FormMessage>}
      {log.isPending ? <PageSpinner /> : <AuditTable entries={log.data?.items ?? []} />}
      <nav aria-label="Pages" className="flex items-center gap-2 text-sm text-zinc-400">
        <span className="mr-auto">
          Page {page} of {pages}
        </span>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => set('page', String(page - 1))}>
          Newer
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => set('page', String(page + 1))}>
          Older
        </Button>
      </nav>
    </div>
  );
}
