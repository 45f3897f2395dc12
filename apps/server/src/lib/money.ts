// Amounts are integer cents in the database and in payments; the API shows dollars (behaviour.md §3: prices in USD).

/** Dollars for the API from stored cents; null stays null (no price). */
export function dollarsOf(cents: number): number;
export function dollarsOf(cents: number | null): number | null;
export function dollarsOf(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}

/** Stored cents from a price in dollars (a feed's or the demo's), rounded to the cent; null stays null. */
export function centsOf(dollars: number): number;
export function centsOf(dollars: number | null): number | null;
export function centsOf(dollars: number | null): number | null {
  return dollars === null ? null : Math.round(dollars * 100);
}
