/**
 * Shapes passed through router navigation state between pages owned by different features,
 * read back defensively because state survives reloads and can be anything.
 */

/** What the watch dialog hands to /subscriptions (SPEC §2 'carrying the subscription info'). */
export interface SubscriptionIntent {
  /** The title the viewer wanted to watch, so the plans page can send them back after buying. */
  title: { kind: 'movie' | 'series'; slug: string; name: string };
  returnTo: string;
}

/** What /success shows. */
export interface SuccessState {
  message?: string;
}

export function readSubscriptionIntent(state: unknown): SubscriptionIntent | null {
  if (!isRecord(state) || !isRecord(state.title) || typeof state.returnTo !== 'string') return null;
  const { kind, slug, name } = state.title;
  if ((kind !== 'movie' && kind !== 'series') || typeof slug !== 'string' || typeof name !== 'string') return null;
  return { title: { kind, slug, name }, returnTo: state.returnTo };
}

export function readSuccessState(state: unknown): SuccessState | null {
  if (!isRecord(state)) return null;
  return { message: typeof state.message === 'string' && state.message.trim() !== '' ? state.message : undefined };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
