/** The video asset a signed playback URL belongs to, or null for any other URL (a public trailer). */
export function signedAssetOf(url: string): { assetId: string; prefix: string } | null {
  const match = SIGNED_PREFIX.exec(url);
  return match ? { prefix: match[0], assetId: match[1]! } : null;
}

/** `/media/s/<expiry>/<session>/<sig>/<asset>`, wherever it sits in a URL (a CDN origin may precede it). */
export const SIGNED_PREFIX = /\/media\/s\/[^/]+\/[^/]+\/[^/]+\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;
