import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseOptions } from '../../db/client';
import { inStoppedDatabase, type SiteDatabase } from '../../../test/stopped-database';
import { paymentEvents, payments, subscriptions } from '../../db/schema';
import type { CrashPoint } from '../../lib/crash-points';
import { fixtures } from '../../../test/fixtures';
import { startPayPalFake, type PayPalFake } from '../../../test/paypal-fake';
import { entryPoints, startProcess, type ServerProcess } from '../../../test/server-process';
import { createScratchDatabase } from '../../../test/test-app';
import { paypalEnv } from './billing.test-support';

const postgresUrl = process.env.DATABASE_URL;
const crashPoints: CrashPoint[] = ['payment-captured', 'payment-recorded'];

/**
 * The standing crash test for payments: a real server process is killed with SIGKILL in the
 * middle of settling a payment (TEST_CRASH_AT: after the provider captured it, or after we
 * recorded the capture, each time before the grant), then started again. Its reconciliation job
 * must grant what was paid, once: nothing lost, nothing doubled. It runs on the embedded database,
 * or on the PostgreSQL server of DATABASE_URL when the suite runs there.
 */
describe.each(['sandbox', 'paypal'] as const)(`kill -9 while settling a %s payment (${postgresUrl ? 'PostgreSQL' : 'embedded database'})`, (provider) => {
  let dataDir: string;
  let database: DatabaseOptions;
  let dropDatabase = async () => {};
  let fake: PayPalFake | null = null;
  let planId: string;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'marquee-pay-crash-'));
    if (postgresUrl) {
      const scratch = await createScratchDatabase(postgresUrl);
      database = { kind: 'postgres', url: scratch.url };
      dropDatabase = scratch.drop;
    } else {
      database = { kind: 'embedded', dataDir: join(dataDir, 'db') };
    }
    if (provider === 'paypal') fake = await startPayPalFake();
    planId = await inDatabase(async (db) => (await fixtures(db).plan({ title: 'Monthly', priceCents: 999, validityDays: 30 })).id);
  });
  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await fake?.close();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Opens the site's database in this process (the server must be stopped: the embedded one is single-process). */
  const inDatabase = <T>(work: (db: SiteDatabase) => Promise<T>): Promise<T> => inStoppedDatabase(database, work);

  async function start(env: Record<string, string>): Promise<string> {
    server = startProcess(entryPoints.server, {
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      THIRD_PARTY_FEEDS: '',
      LOG_LEVEL: 'info',
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      ...(fake ? paypalEnv(fake) : {}),
      ...env,
    });
    const url = (await server.waitFor(/running at (http:\/\/\S+?)\/?\s/))?.[1];
    if (!url) throw new Error(`server did not start:\n${server.output()}`);
    return url;
  }

  async function stop(): Promise<void> {
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
  }

  it('grants each payment exactly once after the restart, whichever step the crash cut', async () => {
    let token: string | null = null;
    const orders: string[] = [];
    for (const crashAt of crashPoints) {
      let url = await start({ TEST_CRASH_AT: crashAt });
      token ??= await signIn(url, 'crash@example.com');
      const api = client(url, token);
      const { orderId } = await api.json<{ orderId: string }>('POST', '/payments/orders', { purpose: 'subscription', subscriptionId: planId });
      orders.push(orderId);
      if (fake) fake.approve(orderId);
      else await api.json('POST', `/payments/sandbox/orders/${orderId}/approve`, { outcome: 'approve' });
      // The server dies inside this request: no answer comes back.
      await expect(api.send('PUT', '/user/buy/subscription', { subscriptionId: planId, orderId })).rejects.toThrow();
      await server!.exited;
      expect(server!.child.signalCode).toBe('SIGKILL');

      // Restarted (and no longer crashing), the reconciliation finds the payment and grants it.
      url = await start({ PAYMENTS_RECONCILE_SECONDS: '1' });
      const restarted = client(url, token);
      await expect
        .poll(async () => (await restarted.json<unknown[]>('GET', '/user/other-subscriptions')).length, { timeout: 30_000, interval: 500 })
        .toBe(orders.length);
      // The viewer's page retries the same order: it is already applied, nothing more is granted.
      const retry = await restarted.json<{ message: string }>('PUT', '/user/buy/subscription', { subscriptionId: planId, orderId });
      expect(retry.message).toBe('This payment has already been applied');
      expect(await restarted.json('GET', '/user/subscription-status')).toMatchObject({ subscriptionValid: true, plan: 'Monthly' });
      await stop();
    }

    await inDatabase(async (db) => {
      const paid = await db.select().from(payments);
      expect(paid.map((p) => [p.providerOrderId, p.status]).sort()).toEqual(orders.map((o) => [o, 'granted']).sort());
      expect(await db.select().from(subscriptions)).toHaveLength(orders.length);
      const grants = await db.select().from(paymentEvents).where(eq(paymentEvents.type, 'granted'));
      expect(grants.map((g) => g.paymentId).sort()).toEqual(paid.map((p) => p.id).sort());
    });
    if (fake) for (const orderId of orders) expect(fake.orders.get(orderId)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    // Four server starts, each opening the database afresh.
  }, 600_000);
});

/** The development issuer's sign-in, over HTTP, as the page does it; returns the session token. */
async function signIn(url: string, email: string): Promise<string> {
  const api = client(url, null);
  const { nonce } = await api.json<{ nonce: string }>('GET', '/user/login/nonce');
  const { id_token: idToken } = await api.json<{ id_token: string }>('POST', '/dev-idp/token', { email, name: 'Crash Test', nonce });
  await api.send('POST', '/user/signup', { idToken });
  return (await api.json<{ token: string }>('POST', '/user/login', { idToken })).token;
}

function client(url: string, token: string | null) {
  const send = (method: string, path: string, body?: unknown) =>
    fetch(new URL(path, url), {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    send,
    async json<T>(method: string, path: string, body?: unknown): Promise<T> {
      const res = await send(method, path, body);
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
  };
}
