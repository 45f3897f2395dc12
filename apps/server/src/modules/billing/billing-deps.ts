import type { Database } from '../../db/client';
import type { PaymentProvider } from './payment-provider';

/** What billing services need: the database, the configured provider, and a clock tests can set. */
export interface BillingDeps {
  db: Database;
  provider: PaymentProvider;
  now: () => Date;
}
