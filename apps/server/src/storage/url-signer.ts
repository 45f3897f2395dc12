import { createHmac, timingSafeEqual } from 'node:crypto';

export interface SignedPath {
  expiry: number;
  viewer: string;
  sig: string;
  assetId: string;
}

/**
 * Signs playback paths: `/media/s/<expiry>/<viewer>/<sig>/<asset>/…`. The signature covers the
 * asset, the viewer and the expiry and sits in the path, not the query string, because the
 * relative URLs inside a playlist drop a query string (Safari's native player follows them as is).
 * The first key signs; every key verifies, so a key can be rotated without breaking issued links.
 */
export function createUrlSigner(options: { keys: string[]; ttlMs: number; now?: () => number }) {
  if (options.keys.length === 0) throw new Error('At least one media signing key is needed');
  const now = options.now ?? Date.now;
  const mac = (key: string, p: Omit<SignedPath, 'sig'>) =>
    createHmac('sha256', key).update(`v1|${p.assetId}|${p.viewer}|${p.expiry}`).digest('base64url');

  return {
    /** The signed prefix for an asset's files, valid for the configured time. */
    prefix(input: { assetId: string; viewer: string }): string {
      const expiry = Math.floor((now() + options.ttlMs) / 1000);
      const sig = mac(options.keys[0]!, { ...input, expiry });
      return `/media/s/${expiry}/${input.viewer}/${sig}/${input.assetId}`;
    },
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
