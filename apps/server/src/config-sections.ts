import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage';

// Sections of the configuration built from the parsed environment (config.ts stays the only reader
// of process.env, and owns the schema these read from).

// Variable types the schema shares.

export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Comma-separated http(s) origins, kept as their canonical `URL.origin`. */
export const originList = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    const origins = v.split(',').map((o) => o.trim()).filter(Boolean);
    const bad = origins.filter((o) => !/^https?:\/\/./.test(o) || !URL.canParse(o));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `not http(s) origins: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return origins.map((o) => new URL(o).origin);
  });

interface S3Variables {
  S3_BUCKET?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
  MEDIA_PUBLIC_URL?: string | undefined;
}

interface ThirdPartyVariables {
  THIRD_PARTY_FEEDS?: { name: string; url: string }[] | undefined;
  THIRD_PARTY_SYNC_MINUTES: number;
  THIRD_PARTY_MEDIA_ORIGINS?: string[] | undefined;
  THIRD_PARTY_ALLOWED_ORIGINS?: string[] | undefined;
  SEED_DEMO: boolean;
  PUBLIC_URL?: string | undefined;
  HOST: string;
  PORT: number;
}

/** S3 storage is on when S3_BUCKET is set; any other S3 setting without it is a mistake, not a no-op. */
export function s3Problems(e: S3Variables, ctx: z.RefinementCtx): void {
  const needBucket = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'MEDIA_PUBLIC_URL'] as const).filter((name) => e[name] !== undefined);
  if (!e.S3_BUCKET && needBucket.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: `required when any S3 setting is given (here: ${needBucket.join(', ')}); unset those to keep media in DATA_DIR` });
  }
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'required with S3_ACCESS_KEY_ID' });
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) ctx.addIssue({ code: 'custom', path: ['S3_ACCESS_KEY_ID'], message: 'required with S3_SECRET_ACCESS_KEY' });
}

export function thirdPartySettings(e: ThirdPartyVariables) {
  const feeds = e.THIRD_PARTY_FEEDS ?? (e.SEED_DEMO ? [{ name: 'Lanternfish', url: demoFeedUrl(e) }] : []);
  return {
    /** Partner Media RSS feeds (THIRD_PARTY_FEEDS); by default the demo partner's when SEED_DEMO is on. */
    feeds,
    /** Between scheduled syncs; 0: only at start-up and with `npm run feeds:sync`. */
    syncIntervalMs: e.THIRD_PARTY_SYNC_MINUTES * 60_000,
    /** Where partners' streams and trailers are played from (the page's CSP must allow them); partners usually stream from where they publish their feed unless told otherwise. */
    mediaOrigins: e.THIRD_PARTY_MEDIA_ORIGINS ?? [...new Set(feeds.map((feed) => new URL(feed.url).origin))],
    /**
     * Partner origins fetched even though they resolve to loopback or private addresses; every
     * other feed, artwork and redirect address must be public. By default only the demo partner,
     * which this server serves itself.
     */
    allowedOrigins: e.THIRD_PARTY_ALLOWED_ORIGINS ?? (e.THIRD_PARTY_FEEDS === undefined && e.SEED_DEMO ? [new URL(demoFeedUrl(e)).origin] : []),
  };
}

/** `name=url` pairs separated by commas; an error message instead when one is wrong. */
export function parseFeedList(value: string): { name: string; url: string }[] | string {
  const feeds: { name: string; url: string }[] = [];
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const url = pair.slice(at + 1).trim();
    if (at < 1 || !/^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/.test(name)) return `'${pair}' must be name=url, the name letters, digits, spaces, _ or -`;
    if (!/^https?:\/\/./.test(url) || !URL.canParse(url)) return `the URL of '${name}' must be http(s)`;
    if (feeds.some((f) => f.name === name)) return `the name '${name}' is given twice`;
    feeds.push({ name, url });
  }
  return feeds;
}

/**
 * The demo partner's feed is served by this server (demo/partner): fetched over
 * loopback like any partner's, or through PUBLIC_URL when one is set.
 */
export function demoFeedUrl(e: { PUBLIC_URL?: string | undefined; HOST: string; PORT: number }): string {
  const loopback = e.HOST === '0.0.0.0' || e.HOST === '::' ? '127.0.0.1' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  const origin = (e.PUBLIC_URL ?? `http://${loopback}:${e.PORT}`).replace(/\/$/, '');
  return `${origin}/demo-partner/feed.xml`;
}

export function s3Settings(e: S3Variables & { S3_BUCKET: string }): S3Settings {
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    region: e.S3_REGION,
    bucket: e.S3_BUCKET,
    credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
    // S3-compatible servers (MinIO, Ceph, s3rver) are usually addressed by path; AWS by host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/$/, ''),
  };
}
