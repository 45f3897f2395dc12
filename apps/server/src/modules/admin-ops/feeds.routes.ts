import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import type { FeedSource } from '../third-party/feed-sync.service';
import * as feeds from './feeds.service';

/** Partner feeds: each one's syncs and counts, and "Sync now". */
export async function adminFeedRoutes(app: FastifyInstance, options: { feeds: FeedSource[] }): Promise<void> {
  const deps: feeds.FeedDeps = { db: app.db, feeds: options.feeds };
  route(app, adminApi.feeds, () => feeds.listFeeds(deps));
  route(app, adminApi.syncFeed, ({ viewer, params }) => feeds.syncNow(deps, { name: params.name, actor: actorOf(viewer) }));
}
