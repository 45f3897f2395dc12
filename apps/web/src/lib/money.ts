const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** behaviour.md §9: every price is in USD. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
