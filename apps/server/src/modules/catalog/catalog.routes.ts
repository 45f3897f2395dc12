import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { PlaybackDeps } from '../playback/playback.service';
import * as catalog from './catalog.service';

export async function catalogRoutes(app: FastifyInstance, options: { playback: PlaybackDeps }): Promise<void> {
  const { playback } = options;
  route(app, api.homepage, () => catalog.listCategories(app.db));
  route(app, api.categoryData, ({ params, viewer }) => catalog.getCategoryData(app.db, { playback, viewerId: viewer?.user.id ?? null }, params.id));
  route(app, api.movie, ({ params, viewer }) => catalog.getMovie(app.db, { playback, viewerId: viewer?.user.id ?? null }, params.name));
  route(app, api.series, ({ params, viewer }) => catalog.getSeries(app.db, { playback, viewerId: viewer?.user.id ?? null }, params.name));
  route(app, api.similarMovies, ({ params, viewer }) =>
    catalog.listSimilar(app.db, { kind: 'movie', titleId: params.id, viewerId: viewer?.user.id ?? null }),
  );
  route(app, api.similarSeries, ({ params, viewer }) =>
    catalog.listSimilar(app.db, { kind: 'series', titleId: params.id, viewerId: viewer?.user.id ?? null }),
  );
}
