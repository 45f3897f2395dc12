import { Link } from 'react-router';
import { FormMessage, SelectField, TextField } from '@/features/admin/components/fields';
import { buttonClass } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { useTitles, type TitleFilters } from '@/features/admin/api/get-titles';
import { Pager } from '@/features/admin/components/pager';
import { TitlesTable } from '@/features/admin/components/titles-table';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';
import { useOperator } from '@/features/admin/hooks/use-operator';

const PAGE_SIZE = 25;
const flags = [
  { key: 'enabled', label: 'Published', yes: 'Published', no: 'Drafts' },
  { key: 'free', label: 'Free', yes: 'Free', no: 'Not free' },
  { key: 'hasVideo', label: 'Video', yes: 'Has a video', no: 'No video' },
  { key: 'partner', label: 'Source', yes: 'Partner feeds', no: 'Our own' },
] as const;

/** Every title, searched and filtered; the filters live in the address so a list can be shared. */
export function Component() {
  const { can } = useOperator();
  const { page, get, set: setFilter } = useUrlFilters();
  const filters: TitleFilters = {
    search: get('search'),
    kind: get('kind') as 'movie' | 'series' | undefined,
    ...Object.fromEntries(flags.map(({ key }) => [key, get(key) as 'true' | 'false' | undefined])),
    page,
    pageSize: PAGE_SIZE,
  };
  const titles = useTitles(filters);
  const total = titles.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-white">Titles</h1>
        {can('editCatalog') && (
          <Link to={adminPaths.newTitle.href()} className={buttonClass({ size: 'sm' })}>
            New title
          </Link>
        )}
      </div>
      <div role="search" aria-label="Filter titles" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <TextField label="Search" type="search" defaultValue={filters.search} onChange={(event) => setFilter('search', event.target.value)} wrapperClassName="sm:col-span-3 lg:col-span-2" />
        <SelectField label="Kind" value={filters.kind ?? ''} onChange={(event) => setFilter('kind', event.target.value)}>
          <option value="">All</option>
          <option value="movie">Movies</option>
          <option value="series">Series</option>
        </SelectField>
        {flags.map((flag) => (
          <SelectField key={flag.key} label={flag.label} value={get(flag.key) ?? ''} onChange={(event) => setFilter(flag.key, event.target.value)}>
            <option value="">All</option>
            <option value="true">{flag.yes}</option>
            <option value="false">{flag.no}</option>
          </SelectField>
        ))}
      </div>
      {titles.isError && <FormMessage tone="error">{titles.error.message}</FormMessage>}
      {titles.isPending ? <PageSpinner /> : <TitlesTable titles={titles.data?.items ?? []} />}
      <Pager total={total} page={page} pageSize={PAGE_SIZE} noun={['title', 'titles']} onPage={(next) => setFilter('page', String(next))} />
    </div>
  );
}
