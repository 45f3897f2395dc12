import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { CRASH_POINTS } from './lib/crash-points';
import { booleanFlag, originList, parseFeedList, s3Problems, s3Settings, thirdPartySettings } from './config-sections';
import { mediaToolsAtStart, type MediaToolsAtStart } from './config-media';
import { multiNodeProblems, productionProblems, stagingTestProviders } from './config-production';

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Every environment variable the server reads. docs/configuration.md lists them for operators. */
export const environment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ message: 'must be a number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SEED_DEMO: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().min(1).default(resolve(repoRoot, 'apps/web/dist')),
  SUBSCRIBER_COUNT: z.coerce.number().int().min(0).default(35864),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.string().min(1).default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(14),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(60),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'false' || v === '') return false as const;
      if (v === 'true') return true as const;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v.split(',').map((s) => s.trim()).filter(Boolean);
      if (list.every((s) => /^[\d.:a-fA-F/]+$/.test(s))) return list;
      ctx.addIssue({ code: 'custom', message: 'must be true, false, a hop count or a comma-separated list of addresses/CIDRs' });
      return z.NEVER;
    }),
  REDIS_URL: z.url({ protocol: /^rediss?$/, message: 'must be a redis:// or rediss:// URL' }).optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean)),
  SUPPORT_EMAIL: z.email().default('support@marquee.example'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_ENV: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_API_BASE: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  TEST_CRASH_AT: z.enum(CRASH_POINTS).optional(),
  PAYMENTS_RECONCILE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(1).max(24 * 60 * 60).default(300),
  MEDIA_SIGNING_KEYS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const keys = v.split(',').map((k) => k.trim());
      if (keys.some((k) => k.length < 32)) {
        ctx.addIssue({ code: 'custom', message: 'each key must be at least 32 characters' });
        return z.NEVER;
      }
      return keys;
    }),
  // At most five minutes: after access ends, no new segment may be fetched for longer than this.
  PLAYBACK_URL_TTL_SECONDS: z.coerce.number().int().min(5).max(300).default(240),
  /** Retired (links lived hours and outlived the access they were made for): refused, not ignored. */
  PLAYBACK_URL_TTL_HOURS: z.never({ message: 'no longer read: links now live minutes; set PLAYBACK_URL_TTL_SECONDS (at most 300) instead' }).optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  /** The system's, not ours: read only to name the ffmpeg and ffprobe found on it. */
  PATH: z.string().optional(),
  /** Development and tests: demo clips and HLS packages kept by what made them (transcoding/media-cache.ts). */
  MEDIA_CACHE_DIR: z.string().min(1).optional(),
  // Local media files kept in memory by the node that serves them (storage/hot-media-files.ts); 0: none.
  MEDIA_MEMORY_CACHE_MB: z.coerce.number({ message: 'must be a number' }).int().min(0).max(1024 * 1024).default(256),
  WORKERS: z.coerce.number().int().min(0).max(16).default(1),
  // Source videos uploaded in the console; 20 GiB by default (a feature film's mezzanine file).
  UPLOAD_MAX_MB: z.coerce.number({ message: 'must be a number' }).int().min(1).max(5 * 1024 * 1024).default(20 * 1024),
  JOB_LEASE_SECONDS: z.coerce.number({ message: 'must be a number' }).int().min(5).max(60 * 60).default(60),
  THIRD_PARTY_FEEDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const feeds = parseFeedList(v);
      if (typeof feeds === 'string') {
        ctx.addIssue({ code: 'custom', message: feeds });
        return z.NEVER;
      }
      return feeds;
    }),
  THIRD_PARTY_SYNC_MINUTES: z.coerce.number({ message: 'must be a number' }).int().min(0).max(7 * 24 * 60).default(60),
  THIRD_PARTY_MEDIA_ORIGINS: originList,
  THIRD_PARTY_ALLOWED_ORIGINS: originList,
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  PUBLIC_WRITE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  PUBLIC_WRITE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, { message: 'must be a region name such as us-east-1' }).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  MEDIA_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  MEDIA_ACCEL_REDIRECT: z
    .string()
    .regex(/^\/[A-Za-z0-9_/-]*\/$/, { message: 'must be a path that starts and ends with /, such as /_marquee/private-media/' })
    .optional(),
  NODES: z.coerce.number({ message: 'must be a number' }).int().min(1).max(1000).default(1),
  STAGING_TEST_PROVIDERS: z.string().default(''),
  DEV_SIGN_IN_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  DEV_SIGN_IN_STAFF_KEY: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
}).superRefine(s3Problems);

/** The server's configuration: the environment, parsed and shaped once (see `configuration` below). */
export type Config = z.output<typeof configuration>;
export type AuthConfig = Config['auth'];
export type PaymentsConfig = Config['payments'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Parses the environment once; throws ConfigError listing every bad variable, and `alsoRefused`
 * (the media tools' problems, config-media.ts) with them.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, alsoRefused: string[] = []): Config {
  const parsed = configuration.safeParse(env);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // One line per variable: production and several nodes may both ask for the same one.
  for (const problem of [...productionProblems(env), ...multiNodeProblems(env), ...alsoRefused]) {
    const name = problem.slice(0, problem.indexOf(':') + 1);
    if (!problems.some((p) => p.startsWith(name))) problems.push(problem);
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return parsed.data;
}

/** The environment shaped into the sections the server reads; the `Config` type is inferred from it. */
const configuration = environment.transform((e, ctx) => {
  const dataDir = resolve(e.DATA_DIR);
  const payments = paymentsConfig(e, ctx);
  if (!payments) return z.NEVER;
  if (e.TEST_CRASH_AT && e.NODE_ENV === 'production') {
    ctx.addIssue({ code: 'custom', path: ['TEST_CRASH_AT'], message: 'kills the server on purpose, for crash tests: refused in production' });
    return z.NEVER;
  }
  const authProvider = e.GOOGLE_CLIENT_ID ? ('google' as const) : ('dev' as const);
  return {
    env: e.NODE_ENV,
    /** Processes the operator runs for this site (NODES); more than one needs shared state. */
    nodes: e.NODES,
    /**
     * A production site running a test provider (allowed by STAGING_TEST_PROVIDERS): every page
     * shows a ribbon and the start-up log says so. Undefined: a real site, or development.
     */
    testMode: testModeOf(e, authProvider, payments.provider),
    port: e.PORT,
    host: e.HOST,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    /** Full-content media, never served without a signature. */
    privateMediaDir: resolve(dataDir, 'private-media'),
    media: {
      /** Signing keys from MEDIA_SIGNING_KEYS (first signs); undefined: a key kept in DATA_DIR. */
      signingKeys: e.MEDIA_SIGNING_KEYS,
      urlTtlMs: e.PLAYBACK_URL_TTL_SECONDS * 1000,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      /** Where ffmpeg and ffprobe are looked for without FFMPEG_PATH/FFPROBE_PATH (the system's PATH). */
      searchPath: e.PATH,
      /** Where finished media work is kept for reuse (MEDIA_CACHE_DIR); undefined: always encode. */
      cacheDir: e.MEDIA_CACHE_DIR === undefined ? undefined : resolve(e.MEDIA_CACHE_DIR),
      /** nginx's internal location for private media (X-Accel-Redirect); undefined: the node sends the bytes. */
      accelRedirect: e.MEDIA_ACCEL_REDIRECT,
      /** Bytes of local media files the node keeps in memory to send them (MEDIA_MEMORY_CACHE_MB); 0: none. */
      memoryCacheBytes: e.MEDIA_MEMORY_CACHE_MB * 1024 * 1024,
      /** Media workers inside the server process (0: none; run `npm run worker` elsewhere). */
      workers: e.WORKERS,
      /** The largest source video the console accepts (UPLOAD_MAX_MB). */
      uploadMaxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      /** S3-compatible object storage when S3_BUCKET is set; undefined: DATA_DIR/media and private-media. */
      s3: e.S3_BUCKET ? s3Settings({ ...e, S3_BUCKET: e.S3_BUCKET }) : undefined,
    },
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'embedded' as const, dataDir: resolve(dataDir, 'db') as string | undefined },
    logLevel: e.LOG_LEVEL,
    /** JSON lines for machines; readable lines for a developer's terminal. */
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' && process.stdout.isTTY ? ('pretty' as const) : ('json' as const)),
    seedDemo: e.SEED_DEMO,
    webDistDir: resolve(e.WEB_DIST_DIR),
    defaultSubscriberCount: e.SUBSCRIBER_COUNT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    auth: {
      /** Google Identity Services when a client id is set; otherwise the built-in development issuer. */
      provider: authProvider,
      /** The development issuer's key from DEV_SIGN_IN_KEY (shared by nodes); undefined: kept in DATA_DIR. */
      devSignInKey: e.DEV_SIGN_IN_KEY,
      /**
       * A site in production mode signing in through the development issuer (staging): anyone may
       * sign in as anyone, so a session has staff rights only when its sign-in carried the
       * operators' key (DEV_SIGN_IN_STAFF_KEY, undefined: none can) (docs/decisions/010).
       */
      staffNeedsKey: e.NODE_ENV === 'production' && authProvider === 'dev',
      devSignInStaffKey: e.DEV_SIGN_IN_STAFF_KEY,
      google: e.GOOGLE_CLIENT_ID
        ? { clientId: e.GOOGLE_CLIENT_ID, issuers: googleIssuers(e.GOOGLE_ISSUER), jwksUrl: e.GOOGLE_JWKS_URL }
        : undefined,
      sessionIdleMs: e.SESSION_IDLE_DAYS * DAY_MS,
      sessionMaxMs: e.SESSION_MAX_DAYS * DAY_MS,
      adminEmails: e.ADMIN_EMAILS,
      loginLimit: {
        perIp: e.LOGIN_LIMIT_PER_IP,
        perAccount: e.LOGIN_LIMIT_PER_ACCOUNT,
        windowSeconds: e.LOGIN_LIMIT_WINDOW_SECONDS,
      },
    },
    /** Each anonymous write (contact, sign-in nonce, PayPal webhook), per client address per route. */
    publicWriteLimit: { limit: e.PUBLIC_WRITE_LIMIT_PER_IP, windowSeconds: e.PUBLIC_WRITE_LIMIT_WINDOW_SECONDS },
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    supportEmail: e.SUPPORT_EMAIL,
    thirdParty: thirdPartySettings(e),
    /** PayPal when PAYPAL_CLIENT_ID is set; otherwise the built-in sandbox provider. */
    payments,
    /** How often payments captured but not granted (a crash in between) are looked for and settled. */
    paymentsReconcileMs: e.PAYMENTS_RECONCILE_SECONDS * 1000,
    /** How long a job worker holds a claimed job without renewing it (renewed every third of it). */
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    /** The crash tests' fault injection (lib/crash-points.ts); never in production. */
    testCrashAt: e.NODE_ENV === 'production' ? undefined : e.TEST_CRASH_AT,
  };
});

const DAY_MS = 24 * 60 * 60 * 1000;

function testModeOf(e: z.output<typeof environment>, auth: 'google' | 'dev', payments: 'paypal' | 'sandbox') {
  if (e.NODE_ENV !== 'production') return undefined;
  const { allowed } = stagingTestProviders({ STAGING_TEST_PROVIDERS: e.STAGING_TEST_PROVIDERS });
  const devSignIn = auth === 'dev' && allowed.includes('dev-sign-in');
  const sandboxPayments = payments === 'sandbox' && allowed.includes('sandbox-payments');
  return devSignIn || sandboxPayments ? { devSignIn, sandboxPayments } : undefined;
}

const PAYPAL_API = { sandbox: 'https://api-m.sandbox.paypal.com', live: 'https://api-m.paypal.com' };

/**
 * PayPal needs its secret and the webhook id it signs deliveries for; half a configuration is
 * refused (undefined, with the problems added to `ctx`).
 */
function paymentsConfig(e: z.output<typeof environment>, ctx: z.RefinementCtx) {
  if (!e.PAYPAL_CLIENT_ID) {
    const stray = (['PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE', 'PAYPAL_WEBHOOK_ID'] as const).filter((name) => e[name] !== undefined);
    if (stray.length === 0) return { provider: 'sandbox' as const };
    ctx.addIssue({ code: 'custom', path: ['PAYPAL_CLIENT_ID'], message: `required when ${stray.join(', ')} is set (PayPal payments)` });
    return undefined;
  }
  const { PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = e;
  if (!clientSecret || !webhookId) {
    for (const name of ['PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required with PAYPAL_CLIENT_ID' });
    }
    return undefined;
  }
  return {
    provider: 'paypal' as const,
    clientId: e.PAYPAL_CLIENT_ID,
    clientSecret,
    apiBase: (e.PAYPAL_API_BASE ?? PAYPAL_API[e.PAYPAL_ENV]).replace(/\/$/, ''),
    webhookId,
  };
}

/** Google signs with either spelling of its issuer; a custom issuer (tests) is taken as given. */
function googleIssuers(issuer: string): string[] {
  const google = ['https://accounts.google.com', 'accounts.google.com'];
  return google.includes(issuer) ? google : [issuer];
}

/** Reads `.env` from the working directory when present (Node's own parser, stable since Node 24.10). */
export function loadDotEnv(): void {
  if (existsSync('.env')) process.loadEnvFile('.env');
}

/** The configuration and the ffmpeg and ffprobe found; throws ConfigError naming every problem of both. */
export async function loadConfigWithMedia(env: NodeJS.ProcessEnv = process.env): Promise<{ config: Config; media: MediaToolsAtStart }> {
  const media = await mediaToolsAtStart(env);
  return { config: loadConfig(env, media.problems), media };
}

/**
 * For the server and the worker: `.env`, then the environment and the ffmpeg and ffprobe it
 * names or finds; a bad value, or in production an unmaintained ffmpeg, ends the process with the
 * whole list.
 */
export async function loadConfigOrExit(): Promise<{ config: Config; media: MediaToolsAtStart }> {
  loadDotEnv();
  try {
    return await loadConfigWithMedia();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\nSee docs/configuration.md for every variable.\n`);
    process.exit(1);
  }
}
