import { jobStatus, type JobQuery } from '@marquee/contract/admin';
import { PageSpinner } from '@/components/ui/spinner';
import { useJobs } from '@/features/admin/api/jobs';
import { FormMessage, SelectField } from '@/features/admin/components/fields';
import { jobStateLabels, JobsTable } from '@/features/admin/components/jobs-table';
import { Pager } from '@/features/admin/components/pager';
import { useOperator } from '@/features/admin/hooks/use-operator';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';

const PAGE_SIZE = 25;

/** Every job of the queue, newest first, filtered by state and kind; the filters are part of the address. */
export function Component() {
  const { can } = useOperator();
  const { page, get, set } = useUrlFilters();
  const query: JobQuery = { status: get('status') as JobQuery['status'], kind: get('kind'), page, pageSize: PAGE_SIZE };
  const list = useJobs(query);

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Jobs</h1>
      <div role="search" aria-label="Filter jobs" className="grid gap-3 sm:grid-cols-2">
        <SelectField label="State" value={query.status ?? ''} onChange={(event) => set('status', event.target.value)}>
          <option value="">All</option>
          {jobStatus.options.map((status) => (
            <option key={status} value={status}>
              {jobStateLabels[status]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" value={query.kind ?? ''} onChange={(event) => set('kind', event.target.value)}>
          <option value="">All</option>
          {list.data?.kinds.map(({ kind, label }) => (
            <option key={kind} value={kind}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
      {list.isPending ? <PageSpinner /> : <JobsTable jobs={list.data?.items ?? []} canAct={can('editCatalog')} />}
      <Pager total={list.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} noun={['job', 'jobs']} onPage={(next) => set('page', String(next))} />
    </div>
  );
}
