import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { Viewer } from '../auth/auth.service';
import { requireProfile } from '../profiles/profiles.service';
import * as watchlist from './watchlist.service';

/** The watchlist belongs to the profile watching; refused until one is chosen. */
const ownerOf = (viewer: Viewer): watchlist.WatchlistOwner => ({ userId: viewer.user.id, profileId: requireProfile(viewer).id, maxAge: viewer.ageLimit });

export async function watchlistRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.watchlist, ({ viewer }) => watchlist.listWatchlist(app.db, ownerOf(viewer)));
  route(app, api.watchlistMembership, ({ viewer, params }) => watchlist.isOnWatchlist(app.db, { owner: ownerOf(viewer), titleId: params.id }));
  route(app, api.watchlistAdd, ({ viewer, body }) =>
    watchlist.addToWatchlist(app.db, { owner: ownerOf(viewer), titleId: body.id, type: body.type }),
  );
  route(app, api.watchlistRemove, ({ viewer, body }) => watchlist.removeFromWatchlist(app.db, { owner: ownerOf(viewer), titleId: body.id }));
}
