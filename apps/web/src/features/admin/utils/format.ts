import { formatUsd } from '@/lib/money';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the console shows it: "26 Nov 2026, 04:10". */
export const formatWhen = (iso: string) => when.format(new Date(iso));

/** Every price is in USD; another currency would be shown with its code. */
export const money = (amount: number, currency: string) => (currency === 'USD' ? formatUsd(amount) : `${amount.toFixed(2)} ${currency}`);
