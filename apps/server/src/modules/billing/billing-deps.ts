import type { Executor } from '../../db/client';
import type { PaymentProvider } from './payment-provider';

/** What billing services need: the database, the configured provider, and a clock tests can set. */
export interface BillingDeps {
  db: Executor;
  provider: PaymentProvider;
  now: () => Date;
}
