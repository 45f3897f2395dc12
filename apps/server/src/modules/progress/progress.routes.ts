import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import * as progress from './progress.service';

export async function progressRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.saveProgress, ({ viewer, body }) => progress.saveProgress(app.db, { userId: viewer.user.id, ...body }));
  route(app, api.continueWatching, ({ viewer }) => progress.continueWatching(app.db, viewer.user.id));
  route(app, api.continueWatchingRemove, ({ viewer, body }) =>
    progress.removeFromContinueWatching(app.db, { userId: viewer.user.id, titleId: body.id }),
  );
}
