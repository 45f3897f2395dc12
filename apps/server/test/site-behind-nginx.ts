import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort, startNginx, type NginxSiteOptions, type RunningNginx } from './nginx';
import { entryPoints, startProcess, type ServerProcess } from './server-process';

/**
 * Several API nodes (the real server entry point, WORKERS=0) on one PostgreSQL database behind
 * deploy/nginx, configured as docs/operations.md tells an operator to.
 */
export interface SiteBehindNginx {
  /** nginx's address: what viewers use. */
  url: string;
  nginx: RunningNginx;
  nodes: ServerProcess[];
  /** Each node's own host:port, to ask one of them directly. */
  nodeUrls: string[];
  /** The environment every node shares (without `nodeEnv`'s): a worker or `npm run ingest` of the same site runs with it. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

type MediaSource = { privateMediaDir: string } | { bucketOrigin: string };

export async function startSiteBehindNginx(input: {
  dir: string;
  databaseUrl: string;
  media: MediaSource;
  /** Added to every node's environment (DATA_DIR, S3_*, WEB_DIST_DIR...). */
  env: Record<string, string>;
  /** Added to one node's environment (its own DATA_DIR, for instance). */
  nodeEnv?: (index: number) => Record<string, string>;
  count?: number;
}): Promise<SiteBehindNginx> {
  const port = await freePort();
  const env = {
    DATABASE_URL: input.databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    MEDIA_ACCEL_REDIRECT: '/_marquee/private-media/',
    ...sharedSecrets,
    PORT: '0',
    WORKERS: '0',
    SEED_DEMO: 'false',
    THIRD_PARTY_FEEDS: '',
    LOG_LEVEL: 'info',
    ...input.env,
  };
  const nodes = Array.from({ length: input.count ?? 2 }, (_, n) => startProcess(entryPoints.server, { ...env, ...input.nodeEnv?.(n) }));
  const stopNodes = async () => {
    for (const node of nodes) {
      if (node.child.exitCode === null) node.child.kill('SIGTERM');
      await node.exited;
    }
  };
  const urls = await Promise.all(nodes.map(async (node) => (await node.waitFor(/running at http:\/\/(\S+?)\//))?.[1]));
  if (urls.some((u) => !u)) {
    await stopNodes();
    throw new Error(nodes.map((n) => n.output()).join('\n'));
  }
  const nodeUrls = urls as string[];
  const nginx = await startNginx({ dir: join(input.dir, 'nginx'), port, nodes: nodeUrls, ...input.media } as NginxSiteOptions);
  return {
    url: nginx.url,
    nginx,
    nodes,
    nodeUrls,
    env,
    async stop() {
      await nginx.stop();
      await stopNodes();
    },
  };
}

/** What every process of one site shares (docs/operations.md, "Topology"). */
export const sharedSecrets = { MEDIA_SIGNING_KEYS: 'a'.repeat(40), DEV_SIGN_IN_KEY: 'b'.repeat(40) };

/** Calls the API at `base` (nginx or one node) as JSON, with the viewer's session when given. */
export function apiAt(base: string, token?: () => string | undefined) {
  return (path: string, init: RequestInit = {}) => {
    const session = token?.();
    return fetch(`${base}${path}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}), ...init.headers },
    });
  };
}

/** The sign-in of behaviour.md §8 over HTTP with the development issuer: sign-up, then login. Returns the session token. */
export async function signUpViewer(base: string, person: { email: string; name: string }): Promise<string> {
  const api = apiAt(base);
  const idToken = async () => {
    const { nonce } = (await (await api('/user/login/nonce')).json()) as { nonce: string };
    const res = await api('/dev-idp/token', { method: 'POST', body: JSON.stringify({ ...person, nonce }) });
    return ((await res.json()) as { id_token: string }).id_token;
  };
  expect((await api('/user/signup', { method: 'POST', body: JSON.stringify({ idToken: await idToken() }) })).status).toBeLessThan(300);
  const login = await api('/user/login', { method: 'POST', body: JSON.stringify({ idToken: await idToken() }) });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/** A subscription bought with the sandbox wallet: order, approval, purchase, each asserted. */
export async function buySubscriptionWithSandbox(api: ReturnType<typeof apiAt>, planId: string): Promise<void> {
  const order = await api('/payments/orders', { method: 'POST', body: JSON.stringify({ purpose: 'subscription', subscriptionId: planId }) });
  expect(order.status).toBe(200);
  const { orderId } = (await order.json()) as { orderId: string };
  expect((await api(`/payments/sandbox/orders/${orderId}/approve`, { method: 'POST', body: '{}' })).status).toBe(200);
  const bought = await api('/user/buy/subscription', { method: 'PUT', body: JSON.stringify({ subscriptionId: planId, orderId }) });
  expect(bought.status).toBe(200);
}
