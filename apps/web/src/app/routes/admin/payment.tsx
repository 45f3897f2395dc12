import { Link, useParams } from 'react-router';
import { FormMessage } from '@/features/admin/components/fields';
import { PageSpinner } from '@/components/ui/spinner';
import { adminPaths } from '@/config/admin-paths';
import { usePayment, useRefundPayment } from '@/features/admin/api/payments';
import { ReasonForm } from '@/features/admin/components/reason-form';
import { formatWhen, money } from '@/features/admin/utils/format';

const REFUNDED = 'Refunded: the access it paid for has ended.';

/** One payment, its history, and its refund through the provider. */
export function Component() {
  const { id = '' } = useParams();
  const payment = usePayment(id);
  const refund = useRefundPayment();

  if (payment.isPending) return <PageSpinner />;
  if (payment.isError) return <FormMessage tone="error">{payment.error.message}</FormMessage>;
  const p = payment.data;

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-white">
          {p.item} · {money(p.amount, p.currency)}
        </h1>
        <p className="text-sm text-zinc-400">
          <Link to={adminPaths.viewer.href(p.viewer._id)} className="text-amber-300 underline-offset-2 hover:underline">
            {p.viewer.name} · {p.viewer.email}
          </Link>{' '}
          · {p.purpose} · {p.provider} order {p.providerOrderId}
        </p>
        <p className="mt-2 text-sm text-zinc-200">
          Status: <strong>{p.status}</strong>
          {p.revokedAt && ` since ${formatWhen(p.revokedAt)}`}
        </p>
      </div>
      {/* The refund's answer is read again before the mutation settles, so by then the payment is no
          longer refundable and the form is gone: the confirmation is the page's to show. */}
      {refund.isSuccess ? (
        <FormMessage tone="success">{REFUNDED}</FormMessage>
      ) : p.refundable ? (
        <ReasonForm
          label="Refund the payment"
          description={`Refunds ${money(p.amount, p.currency)} through ${p.provider === 'paypal' ? 'PayPal' : 'the sandbox'}; the ${p.purpose} it paid for ends at once.`}
          submitLabel="Refund"
          done={REFUNDED}
          onSubmit={({ reason }) => refund.mutateAsync({ id, body: { reason } })}
        />
      ) : (
        <p className="text-sm text-zinc-400">This payment cannot be refunded (only a captured payment can).</p>
      )}
      <section aria-label="History" className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold text-white">History</h2>
        <ol className="flex flex-col gap-1 text-sm">
          {p.events.map((event, index) => (
            <li key={index} className="rounded-md bg-zinc-900/60 px-3 py-2 text-zinc-200">
              {formatWhen(event.at)} · <strong>{event.type}</strong>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
