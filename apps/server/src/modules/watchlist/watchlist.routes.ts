import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import * as watchlist from './watchlist.service';

export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.watchlist, ({ viewer }) => watchlist.listWatchlist(app.db, viewer.user.id));
  route(app, api.watchlistMembership, ({ viewer, params }) =>
    watchlist.isOnWatchlist(app.db, { userId: viewer.user.id, titleId: params.id }),
  );
  route(app, api.watchlistAdd, ({ viewer, body }) =>
    watchlist.addToWatchlist(app.db, { userId: viewer.user.id, titleId: body.id, type: body.type }),
  );
  route(app, api.watchlistRemove, ({ viewer, body }) =>
    watchlist.removeFromWatchlist(app.db, { userId: viewer.user.id, titleId: body.id }),
  );
}
