/**
 * Shapes passed through router navigation state between pages owned by different features,
 * read back defensively because state survives reloads and can be anything.
 */

/** What the watch dialog hands to /subscriptions (behaviour.md §2 'carrying the subscription info'). */
export interface SubscriptionIntent {
  /** The title the viewer wanted to watch, so the plans page can send them back after buying. */
  title: { kind: 'movie' | 'series'; slug: string; name: string };
  returnTo: string;
}

/** What /success shows: the server's message, what was bought and until when, and the title the viewer came for. */
export interface SuccessState {
  message?: string;
  purchase?: PurchaseSummary;
  title?: SubscriptionIntent['title'];
}

/** A bought plan as the confirmation screens describe it. */
export interface PurchaseSummary {
  plan: string;
  /** USD. */
  price: number;
  /** ISO timestamp, or null when the server did not say. */
  validUntil: string | null;
}

export function readSubscriptionIntent(state: unknown): SubscriptionIntent | null {
  if (!isRecord(state) || !isRecord(state.title) || typeof state.returnTo !== 'string') return null;
  const { kind, slug, name } = state.title;
  if ((kind !== 'movie' && kind !== 'series') || typeof slug !== 'string' || typeof name !== 'string') return null;
  return { title: { kind, slug, name }, returnTo: state.returnTo };
}

export function readSuccessState(state: unknown): SuccessState | null {
  if (!isRecord(state)) return null;
  return {
    message: typeof state.message === 'string' && state.message.trim() !== '' ? state.message : undefined,
    purchase: readPurchaseSummary(state.purchase),
    title: readSubscriptionIntent({ title: state.title, returnTo: '' })?.title,
  };
}

function readPurchaseSummary(value: unknown): PurchaseSummary | undefined {
  if (!isRecord(value) || typeof value.plan !== 'string' || typeof value.price !== 'number') return undefined;
  return { plan: value.plan, price: value.price, validUntil: typeof value.validUntil === 'string' ? value.validUntil : null };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
