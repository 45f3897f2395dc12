import type { ReactNode } from 'react';

/** Long-form legal and company copy, set for comfortable reading. */
export function PolicyPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl py-4">
      <header className="mb-8 border-b border-white/10 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
        {updated && <p className="mt-2 text-sm text-zinc-400">Last updated {updated}</p>}
      </header>
      <div className="space-y-4 leading-relaxed text-zinc-300 [&_a]:text-amber-400 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-amber-300 [&_h2]:pt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:ml-5 [&_li]:list-disc [&_li]:pl-1 [&_ul]:space-y-2">
        {children}
      </div>
    </article>
  );
}

/** The four commitments behaviour.md §5 requires on the policy pages, worded once. */
export const POLICY = {
  noRefunds:
    'All payments for subscriptions and rentals are final. Refunds are not given, including for partially used subscription periods or rentals that were not watched.',
  grievance:
    'Every grievance is acknowledged within 24 hours of receipt and resolved within 15 days.',
  chargebacks:
    'If a payment is disputed or charged back with your bank or card issuer, service on your account is suspended while the dispute is open and may be ended if it is decided against us.',
  age: 'You must be 18 years of age or older to use Marquee, or have the consent of a parent or legal guardian who agrees to these terms on your behalf.',
} as const;
