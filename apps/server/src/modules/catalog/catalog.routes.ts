import type { FastifyInstance } from 'fastify';
import type { Viewer } from '../auth/auth.service';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { sendAnswer, sendPrivate } from '../../lib/send-answer';
import type { PlaybackDeps } from '../playback/playback.service';
import * as catalog from './catalog.service';
import { personalRows, ViewingHistories } from './personal-rows.service';
import { sharedAnswers, type CatalogReadModel } from './read-model.service';

export interface CatalogRouteOptions {
  playback: PlaybackDeps;
  readModel: CatalogReadModel;
}

// Answers that are the same for every anonymous viewer come from the read model, checked against
// the contract once when built (not on every request); a signed-in viewer gets them with their own
// access badges laid over.
export async function catalogRoutes(app: FastifyInstance, options: CatalogRouteOptions): Promise<void> {
  const { playback, readModel } = options;
  const context = (viewer: Viewer | null): catalog.ViewerContext => ({
    playback,
    viewerId: viewer?.user.id ?? null,
    profileId: viewer?.profile?.id ?? null,
    sessionId: viewer?.sessionId ?? null,
  });
  const home = sharedAnswers({ db: app.db, playback, readModel });
  const rows = { db: app.db, readModel, answers: home, histories: new ViewingHistories(app.db) };
  // A profile with an age limit gets the shared answers filtered by one kept map of titles' limits,
  // not answers rebuilt per request.
  const ageFilter = async (viewer: Viewer): Promise<catalog.AgeFilter | null> =>
    viewer.ageLimit === null ? null : { limit: viewer.ageLimit, ages: await home.ageLimits() };

  route(app, api.homepage, async ({ request, reply }) => sendAnswer(request, reply, await home.homepage()), { kept: home.kept.homepage });

  route(app, api.categoryData, async ({ params, viewer, request, reply }) => {
    const answer = await home.category(params.id);
    if (!viewer) return sendAnswer(request, reply, answer);
    const [filter, personal] = await Promise.all([
      ageFilter(viewer),
      viewer.profile ? personalRows(rows, { profileId: viewer.profile.id, ageLimit: viewer.ageLimit, watchedAt: viewer.watchedAt }) : [],
    ]);
    const data = filter ? catalog.limitCategory(answer.value, filter) : answer.value;
    return sendPrivate(reply, await catalog.personaliseCategory(app.db, viewer.user.id, { ...data, personalRows: personal }));
  }, { kept: (params) => home.kept.category(params.id!) });

  route(app, api.movie, async ({ params, viewer }) => {
    const basis = await readModel.get(`movie:${params.name}`, () => catalog.titleBasis(app.db, { kind: 'movie', slug: params.name }));
    catalog.requireWithinLimit(basis.value, viewer?.ageLimit ?? null);
    return catalog.getMovie(app.db, context(viewer), basis.value);
  });

  route(app, api.series, async ({ params, viewer }) => {
    const basis = await readModel.get(`series:${params.name}`, () => catalog.titleBasis(app.db, { kind: 'series', slug: params.name }));
    catalog.requireWithinLimit(basis.value, viewer?.ageLimit ?? null);
    return catalog.getSeries(app.db, context(viewer), basis.value);
  });

  for (const [endpoint, kind] of [
    [api.similarMovies, 'movie'],
    [api.similarSeries, 'series'],
  ] as const) {
    route(app, endpoint, async ({ params, viewer, request, reply }) => {
      const answer = await home.similar(kind, params.id);
      if (!viewer) return sendAnswer(request, reply, answer);
      const filter = await ageFilter(viewer);
      const cards = filter ? catalog.limitCards(answer.value, filter) : answer.value;
      return sendPrivate(reply, await catalog.personaliseCards(app.db, viewer.user.id, cards));
    }, { kept: (params) => home.kept.similar(kind, params.id!) });
  }
}
