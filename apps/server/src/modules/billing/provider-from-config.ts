import type { PaymentsConfig } from '../../config';
import type { Executor } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { createPayPalProvider } from './paypal-provider';
import { createSandboxProvider } from './sandbox-provider';

/** PayPal when configured, else the built-in sandbox: the one place that picks. */
export function paymentProviderFromConfig(config: PaymentsConfig, db: Executor): PaymentProvider {
  return config.provider === 'paypal' ? createPayPalProvider(config) : createSandboxProvider(db);
}
