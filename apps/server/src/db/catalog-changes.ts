import { Redis } from 'ioredis';
import pg from 'pg';
import type { Database } from './client';

/** The channel migration 0012's triggers announce catalogue changes on. */
export const CATALOG_CHANNEL = 'catalog_changed';
/** The Redis channel nodes pass them on with when REDIS_URL is set, one per database (sites may share a Redis). */
export const redisCatalogChannel = (database: string) => `marquee:catalog_changed:${database}`;
const RECONNECT_MS = 1_000;
const REDIS_START_WAIT_MS = 3_000;

export interface WatchOptions {
  /** REDIS_URL: other nodes' changes arrive through Redis instead of a dedicated database connection. */
  redisUrl?: string;
}

export interface CatalogChangeWatch {
  /** False while changes might be missed (the listening connection is down): do not trust a cache. */
  readonly live: boolean;
  close(): Promise<void>;
}

/**
 * Calls `onChange` whenever any process or node commits a change to the catalogue tables
 * (titles, artwork, videos, categories, rows, banners, plans, settings).
 *
 * Every connection of this process's pool listens too, so a change this process commits is
 * heard on its own connection before the commit returns: the next answer here is already fresh.
 * With a PostgreSQL server a dedicated connection also listens, because idle pool connections
 * close and a change made by another node must still be heard; while it is down, `live` is false
 * and `onChange` has been called, so callers stop caching until it is back. With `redisUrl`, Redis
 * carries the changes between nodes instead of that connection (see `redisRelay`).
 */
export async function watchCatalogChanges(
  db: Database,
  onChange: (table: string) => void,
  settings: WatchOptions = {},
): Promise<CatalogChangeWatch> {
  const pool = (db as Database & { $client: pg.Pool }).$client;
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  const database = connectionString ? decodeURIComponent(new URL(connectionString).pathname.slice(1)) : 'embedded';
  const relay = settings.redisUrl ? redisRelay({ url: settings.redisUrl, channel: redisCatalogChannel(database), onChange }) : undefined;
  const hear = (message: pg.Notification) => {
    if (message.channel === CATALOG_CHANNEL) onChange(message.payload ?? '');
  };
  const listening = new Map<pg.ClientBase, (message: pg.Notification) => void>();
  const listenOn = async (client: pg.ClientBase) => {
    if (listening.has(client)) return;
    const own = (client as pg.ClientBase & { processID?: number }).processID;
    const handler = (message: pg.Notification) => {
      hear(message);
      // A change this process committed (its own session sent it): the other nodes learn of it from us.
      if (relay && message.channel === CATALOG_CHANNEL && message.processId === own) relay.publish(message.payload ?? '');
    };
    listening.set(client, handler);
    client.once('end', () => listening.delete(client));
    client.on('notification', handler);
    await client.query(`LISTEN ${CATALOG_CHANNEL}`);
  };
  // Awaited by the pool before it hands a new connection out, so LISTEN never queues behind a query.
  const options = pool.options as pg.PoolConfig & { onConnect?: (client: pg.PoolClient) => Promise<void> | void };
  const previous = options.onConnect;
  options.onConnect = async (client) => {
    await previous?.(client);
    await listenOn(client);
  };
  const detach = () => {
    options.onConnect = previous;
    for (const [client, handler] of listening) client.off('notification', handler);
    listening.clear();
  };
  // The connections already open (the embedded database has exactly one).
  const open = await Promise.all(Array.from({ length: Math.max(1, pool.idleCount) }, () => pool.connect()));
  try {
    await Promise.all(open.map(listenOn));
  } finally {
    for (const client of open) client.release();
  }

  if (relay) {
    await relay.ready;
    return {
      get live() {
        return relay.live;
      },
      async close() {
        detach();
        await relay.close();
      },
    };
  }
  if (!connectionString) {
    // The embedded database is one process's alone: its single pool connection hears everything.
    return {
      live: true,
      async close() {
        detach();
      },
    };
  }
  const watch = dedicatedListener(connectionString, hear, onChange, detach);
  await watch.ready;
  return watch;
}

function dedicatedListener(
  connectionString: string,
  hear: (message: pg.Notification) => void,
  onChange: (table: string) => void,
  detach: () => void,
): CatalogChangeWatch & { ready: Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const watch = {
    live: false,
    async close() {
      closed = true;
      clearTimeout(timer);
      detach();
      await client?.end().catch(() => {});
    },
  };
  const lost = () => {
    if (closed) return;
    watch.live = false;
    // What changed while nobody listened is unknown: forget everything built so far.
    onChange('');
    client?.removeAllListeners();
    // A late error from the connection being dropped must not go unhandled.
    client?.on('error', () => {});
    void client?.end().catch(() => {});
    client = null;
    timer = setTimeout(() => void connect(), RECONNECT_MS);
  };
  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', lost);
    next.on('end', lost);
    next.on('notification', hear);
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANNEL}`);
      if (closed) return void next.end().catch(() => {});
      watch.live = true;
      // Changes committed between losing the connection and listening again.
      onChange('');
    } catch {
      lost();
    }
  };
  return Object.assign(watch, { ready: connect() });
}

/**
 * Catalogue changes between nodes through Redis: each node publishes the changes its own sessions
 * commit (heard on its pool connections, which name the sending backend) and subscribes to
 * everyone's. While the subscription is down, `live` is false and `onChange` has been called, as
 * with the dedicated database connection; ioredis reconnects and subscribes again by itself.
 */
function redisRelay(input: { url: string; channel: string; onChange: (table: string) => void }) {
  const { url, channel: relayChannel, onChange } = input;
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => RECONNECT_MS });
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  // Connection errors surface as `live` turning false; they must not go unhandled.
  subscriber.on('error', () => {});
  publisher.on('error', () => {});
  const relay = {
    live: false,
    ready: Promise.resolve(),
    publish(table: string) {
      void publisher.publish(relayChannel, table).catch(() => {});
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
  subscriber.on('message', (channel: string, table: string) => {
    if (channel === relayChannel) onChange(table);
  });
  subscriber.on('close', () => {
    if (!relay.live) return;
    relay.live = false;
    // What was published while nobody listened is unknown: forget everything built so far.
    onChange('');
  });
  let subscribed = () => {};
  const subscribe = async () => {
    await subscriber.subscribe(relayChannel);
    relay.live = true;
    // Changes published between losing the subscription and having it again.
    onChange('');
    subscribed();
  };
  subscriber.on('ready', () => void subscribe().catch(() => {}));
  // Start-up waits for the subscription, but not for ever: an unreachable Redis leaves `live` false
  // (nothing cached) until it answers.
  relay.ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, REDIS_START_WAIT_MS);
    subscribed = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return relay;
}
