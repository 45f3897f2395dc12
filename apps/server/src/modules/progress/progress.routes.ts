import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { Viewer } from '../auth/auth.service';
import { requireProfile } from '../profiles/profiles.service';
import * as progress from './progress.service';

/** Progress belongs to the profile watching; refused until one is chosen. */
const ownerOf = (viewer: Viewer): progress.ProgressOwner => ({ userId: viewer.user.id, profileId: requireProfile(viewer).id, maxAge: viewer.ageLimit });

export async function progressRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.saveProgress, ({ viewer, body }) => progress.saveProgress(app.db, { owner: ownerOf(viewer), ...body }));
  route(app, api.continueWatching, ({ viewer }) => progress.continueWatching(app.db, ownerOf(viewer)));
  route(app, api.continueWatchingRemove, ({ viewer, body }) =>
    progress.removeFromContinueWatching(app.db, { owner: ownerOf(viewer), titleId: body.id }),
  );
}
