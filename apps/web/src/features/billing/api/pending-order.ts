import { ApiError } from '@/lib/api-client';

// The order a purchase is paying, kept in sessionStorage (this tab only) from its creation until
// the server has granted or refused it. A reload, a closed popup or a network failure in between
// would otherwise start a second order while the first may already be approved or captured;
// with it, the page captures the same order again (the server grants it once). Orders are kept
// by a key naming the viewer and what they buy (pay.ts).

const KEY = 'marquee.pendingOrders';

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(orders: Record<string, string>): void {
  try {
    if (Object.keys(orders).length === 0) window.sessionStorage.removeItem(KEY);
    else window.sessionStorage.setItem(KEY, JSON.stringify(orders));
  } catch {
    // Storage refused (private mode, quota): the payment still works, only without resuming.
  }
}

export const pendingOrders = {
  get: (key: string): string | null => read()[key] ?? null,
  set(key: string, orderId: string): void {
    write({ ...read(), [key]: orderId });
  },
  clear(key: string): void {
    const { [key]: _done, ...rest } = read();
    write(rest);
  },
};

/**
 * Whether a failed capture settled the order for good (granted elsewhere, declined, refused,
 * not ours): then it is forgotten. No answer, a 5xx, or "not approved yet" keep it for a retry.
 */
export function isFinalRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status === null || error.status >= 500) return false;
  if (error.status === 402) return !/not been approved|pending|not captured/i.test(error.message);
  return true;
}
