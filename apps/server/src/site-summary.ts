import type { Config } from './config';
import { mediaToolsSummary, type MediaToolsAtStart } from './config-media';

/**
 * What a process runs with, for its start-up log: which sign-in, payments, storage and database,
 * and which ffmpeg and ffprobe (path, version, the ladder's encoders), so an operator reading the
 * log knows them without reading the environment. Secrets (passwords in DATABASE_URL, keys) are
 * never part of it.
 */
export function siteSummary(config: Config, media: MediaToolsAtStart) {
  const db = config.database;
  const s3 = config.media.s3;
  return {
    mode: config.env,
    nodes: config.nodes,
    signIn: config.auth.provider === 'google' ? 'Google' : 'development issuer (anyone may sign in as any email)',
    payments: config.payments.provider === 'paypal' ? `PayPal (${config.payments.apiBase})` : 'sandbox (nothing is charged)',
    storage: s3 ? `S3 bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ` in ${s3.region}`}` : `local disk (${config.mediaDir}, ${config.privateMediaDir})`,
    database: db.kind === 'postgres' ? `PostgreSQL ${postgresWhere(db.url)} (pool ${db.poolSize})` : `embedded (${db.dataDir ?? 'in memory'})`,
    ...mediaToolsSummary(media),
    testMode: config.testMode !== undefined,
  };
}

/** The test-mode warning for the log, or undefined on a real site. */
export function testModeWarning(config: Config): string | undefined {
  const t = config.testMode;
  if (!t) return undefined;
  const what = [t.devSignIn && 'the development sign-in', t.sandboxPayments && 'the sandbox payments'].filter(Boolean).join(' and ');
  const staff = config.auth.devSignInStaffKey ? "staff rights need the operators' key (DEV_SIGN_IN_STAFF_KEY)" : 'nobody has staff rights (no DEV_SIGN_IN_STAFF_KEY)';
  return `TEST MODE (STAGING_TEST_PROVIDERS): production with ${what}; every page shows a test-mode ribbon${t.devSignIn ? `; ${staff}` : ''}`;
}

function postgresWhere(url: string): string {
  const u = new URL(url);
  return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
}
