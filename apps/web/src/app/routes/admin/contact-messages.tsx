import { contactMessageStatus, type ContactMessageQuery } from '@marquee/contract/admin';
import { Link } from 'react-router';
import { FormMessage, SelectField, TextField } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { useContactMessages } from '@/features/admin/api/contact-messages';
import { Pager } from '@/features/admin/components/pager';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';
import { formatWhen } from '@/features/admin/utils/format';

const PAGE_SIZE = 25;

/** The contact form's messages, newest first, by state and sender; the filters are part of the address. */
export function Component() {
  const { page, get, set } = useUrlFilters();
  const query: ContactMessageQuery = { status: get('status') as ContactMessageQuery['status'], email: get('email'), page, pageSize: PAGE_SIZE };
  const list = useContactMessages(query);

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Contact messages</h1>
      <div role="search" aria-label="Filter messages" className="grid gap-3 sm:grid-cols-2">
        <SelectField label="State" value={query.status ?? ''} onChange={(event) => set('status', event.target.value)}>
          <option value="">All</option>
          {contactMessageStatus.options.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <TextField label="Sender's email" type="search" defaultValue={query.email} onChange={(event) => set('email', event.target.value.trim())} />
      </div>
      {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
      {list.isPending ? (
        <PageSpinner />
      ) : list.data && list.data.items.length === 0 ? (
        <p className="py-8 text-center text-zinc-400">No message matches.</p>
      ) : (
        <ul aria-label="Contact messages" className="flex flex-col gap-2">
          {list.data?.items.map((m) => (
            <li key={m._id} className="rounded-lg bg-zinc-900/60 px-3 py-2 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={adminPaths.contactMessage.href(m._id)} className={m.status === 'new' ? 'font-semibold text-amber-300 underline-offset-2 hover:underline' : 'text-amber-300 underline-offset-2 hover:underline'}>
                  {m.firstName} {m.lastName} · {m.email}
                </Link>
                <span className="text-zinc-400">
                  <strong className="text-zinc-200">{m.status}</strong> · {formatWhen(m.receivedAt)}
                </span>
              </div>
              <p className="mt-1 truncate text-zinc-400">{m.preview}</p>
            </li>
          ))}
        </ul>
      )}
      <Pager total={list.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} noun={['message', 'messages']} onPage={(next) => set('page', String(next))} />
    </div>
  );
}
