import { paymentStatus, type PaymentQuery } from '@marquee/contract/admin';
import { Link } from 'react-router';
import { FormMessage, SelectField, TextField } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { usePayments } from '@/features/admin/api/payments';
import { Pager } from '@/features/admin/components/pager';
import { useUrlFilters } from '@/features/admin/hooks/use-url-filters';
import { formatWhen, money } from '@/features/admin/utils/format';

const PAGE_SIZE = 25;

/** Every payment, newest first, filtered by status, provider and days; the filters are part of the address. */
export function Component() {
  const { page, get, set } = useUrlFilters();
  const query: PaymentQuery = {
    status: get('status') as PaymentQuery['status'],
    provider: get('provider') as PaymentQuery['provider'],
    from: get('from'),
    to: get('to'),
    page,
    pageSize: PAGE_SIZE,
  };
  const list = usePayments(query);

  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Payments</h1>
      <div role="search" aria-label="Filter payments" className="grid gap-3 sm:grid-cols-4">
        <SelectField label="Status" value={query.status ?? ''} onChange={(event) => set('status', event.target.value)}>
          <option value="">All</option>
          {paymentStatus.options.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        <SelectField label="Provider" value={query.provider ?? ''} onChange={(event) => set('provider', event.target.value)}>
          <option value="">All</option>
          <option value="sandbox">sandbox</option>
          <option value="paypal">PayPal</option>
        </SelectField>
        <TextField label="From" type="date" value={query.from ?? ''} onChange={(event) => set('from', event.target.value)} />
        <TextField label="To" type="date" value={query.to ?? ''} onChange={(event) => set('to', event.target.value)} />
      </div>
      {list.isError && <FormMessage tone="error">{list.error.message}</FormMessage>}
      {list.isPending ? (
        <PageSpinner />
      ) : (
        <ul aria-label="Payments" className="flex flex-col gap-2">
          {list.data?.items.map((p) => (
            <li key={p._id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-zinc-900/60 px-3 py-2 text-sm">
              <Link to={adminPaths.payment.href(p._id)} className="font-medium text-amber-300 underline-offset-2 hover:underline">
                {p.item} · {money(p.amount, p.currency)} · {p.viewer.email}
              </Link>
              <span className="text-zinc-400">
                {p.provider} · <strong className="text-zinc-200">{p.status}</strong> · {formatWhen(p.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Pager total={list.data?.total ?? 0} page={page} pageSize={PAGE_SIZE} noun={['payment', 'payments']} onPage={(next) => set('page', String(next))} />
    </div>
  );
}
