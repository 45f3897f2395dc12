import { SIGNED_PREFIX, signedAssetOf } from '@marquee/contract/client';

/** The URL under the newest prefix of the same video: any other URL is left as it is. */
export function withPrefix(url: string, prefix: string | null): string {
  const current = signedAssetOf(url);
  if (!prefix || !current || !prefix.endsWith(`/${current.assetId}`)) return url;
  return url.replace(SIGNED_PREFIX, prefix.slice(prefix.indexOf('/media/s/')));
}

/**
 * When the server says (`renewIn`: half-way through the link's life, or sooner to keep a stream
 * slot), so one failed attempt still leaves time for another; never in a busy loop.
 */
export function renewDelayMs(renewInSeconds: number): number {
  return Math.max(1000, renewInSeconds * 1000);
}
