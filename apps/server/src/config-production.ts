// What NODE_ENV=production demands before a process may start, and what a staging site may relax.
// These read the raw environment, so that every problem is listed at once even when another
// variable is malformed (the schema in config.ts reports those).

/** The providers a staging site may use in production mode, named in STAGING_TEST_PROVIDERS. */
export const TEST_PROVIDERS = ['dev-sign-in', 'sandbox-payments'] as const;
export type TestProvider = (typeof TEST_PROVIDERS)[number];

const FLAG_TRUE = ['true', '1', 'yes'];

/** The staging opt-in, as a list; unknown names are a problem of their own (see productionProblems). */
export function stagingTestProviders(env: NodeJS.ProcessEnv): { allowed: TestProvider[]; unknown: string[] } {
  const names = (env.STAGING_TEST_PROVIDERS ?? '').split(',').map((n) => n.trim()).filter(Boolean);
  const isKnown = (n: string): n is TestProvider => (TEST_PROVIDERS as readonly string[]).includes(n);
  return { allowed: names.filter(isKnown), unknown: names.filter((n) => !isKnown(n)) };
}

/** The number of processes the operator says share the site (NODES); 1 when unset or malformed. */
export function declaredNodes(env: NodeJS.ProcessEnv): number {
  const n = Number(env.NODES ?? '1');
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

const set = (env: NodeJS.ProcessEnv, name: string) => (env[name] ?? '').trim() !== '';

/**
 * Everything that keeps this environment from being a safe production site, one line per problem
 * (empty: none). Without Google anyone can sign in as anyone (admins included); without PayPal
 * rentals are free; without https sessions travel in clear; without shared keys playback links of
 * one node fail on another.
 */
export function productionProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const { allowed, unknown } = stagingTestProviders(env);
  if (unknown.length > 0) {
    problems.push(`STAGING_TEST_PROVIDERS: unknown ${unknown.join(', ')} (allowed: ${TEST_PROVIDERS.join(', ')})`);
  }
  if (!set(env, 'GOOGLE_CLIENT_ID') && !allowed.includes('dev-sign-in')) {
    problems.push('GOOGLE_CLIENT_ID: required in production (without it anyone could sign in as any email, admins included); a staging site may set STAGING_TEST_PROVIDERS=dev-sign-in');
  }
  if (!set(env, 'PAYPAL_CLIENT_ID') && !allowed.includes('sandbox-payments')) {
    problems.push('PAYPAL_CLIENT_ID: required in production, with PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID (without it rentals and plans are free); a staging site may set STAGING_TEST_PROVIDERS=sandbox-payments');
  }
  if (!(env.PUBLIC_URL ?? '').startsWith('https://')) {
    problems.push(`PUBLIC_URL: must be the site's https:// address in production (${set(env, 'PUBLIC_URL') ? 'not https' : 'unset'})`);
  }
  if (!set(env, 'MEDIA_SIGNING_KEYS')) {
    problems.push('MEDIA_SIGNING_KEYS: required in production (every node signs and checks playback links with the same keys; a key kept in DATA_DIR is one node\'s only)');
  }
  if (env.SEED_DEMO === undefined || FLAG_TRUE.includes(env.SEED_DEMO)) {
    problems.push('SEED_DEMO: must be false in production (it is on by default and fills the catalogue with demo titles)');
  }
  return problems;
}

/**
 * A site of several processes (NODES > 1, in any mode) shares one database, one bucket and its
 * keys: the embedded database and DATA_DIR belong to a single process.
 */
export function multiNodeProblems(env: NodeJS.ProcessEnv): string[] {
  const nodes = declaredNodes(env);
  if (nodes <= 1) return [];
  const why = `NODES is ${nodes}`;
  const problems: string[] = [];
  if (!set(env, 'DATABASE_URL')) problems.push(`DATABASE_URL: required when ${why} (the embedded database belongs to one process)`);
  if (!set(env, 'S3_BUCKET')) problems.push(`S3_BUCKET: required when ${why} (media in DATA_DIR is one node's only)`);
  if (!set(env, 'MEDIA_SIGNING_KEYS')) problems.push(`MEDIA_SIGNING_KEYS: required when ${why} (every node must check the links another signed)`);
  if (!set(env, 'GOOGLE_CLIENT_ID') && !set(env, 'DEV_SIGN_IN_KEY')) {
    problems.push(`DEV_SIGN_IN_KEY: required when ${why} and the development sign-in is used (every node must accept the tokens another issued)`);
  }
  return problems;
}
