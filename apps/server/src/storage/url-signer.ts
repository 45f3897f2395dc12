import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedPath {
  expiry: number;
  /** The viewer's session id, or `anonymous` for a free title watched signed out. */
  session: string;
  sig: string;
  assetId: string;
}

/**
 * Signs playback paths: `/media/s/<expiry>/<session>/<sig>/<asset>/…`. The signature covers the
 * asset, the session the link was issued to and the expiry, and sits in the path, not the query
 * string, because the relative URLs inside a playlist drop a query string (Safari's native player
 * follows them as is). Links live minutes, not hours: the player renews them while it plays, and
 * renewal re-checks entitlement, so a link outlives access by at most its lifetime. The first key
 * signs; every key verifies, so a key can be rotated without breaking issued links.
 */
export function createUrlSigner(options: { keys: string[]; ttlMs: number; now?: () => number }) {
  if (options.keys.length === 0) throw new Error('At least one media signing key is needed');
  // Read at each call (not captured once), so the clock in force is always the one used.
  const now = options.now ?? (() => Date.now());
  // v2: bound to a session (v1 links named a user and lived hours; they verify no more).
  const mac = (key: string, p: Omit<SignedPath, 'sig'>) =>
    createHmac('sha256', key).update(`v2|${p.assetId}|${p.session}|${p.expiry}`).digest('base64url');

  /** The signed prefix for an asset's files, valid for the configured time. */
  const sign = (input: { assetId: string; session: string }): { prefix: string; expiresAt: Date } => {
    const expiry = Math.floor((now() + options.ttlMs) / 1000);
    const sig = mac(options.keys[0]!, { ...input, expiry });
    return { prefix: `/media/s/${expiry}/${input.session}/${sig}/${input.assetId}`, expiresAt: new Date(expiry * 1000) };
  };

  return {
    sign,
    prefix: (input: { assetId: string; session: string }): string => sign(input).prefix,
    /** A genuine, unexpired signature. Whether its session is still live is checked by the caller. */
    verify(path: SignedPath): boolean {
      if (!Number.isInteger(path.expiry) || path.expiry * 1000 < now()) return false;
      const given = Buffer.from(path.sig);
      return options.keys.some((key) => {
        const expected = Buffer.from(mac(key, path));
        return expected.length === given.length && timingSafeEqual(expected, given);
      });
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
