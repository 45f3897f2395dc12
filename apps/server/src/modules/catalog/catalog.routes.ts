import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Viewer } from '../auth/auth.service';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { sendAnswer, sendPrivate, sendPrivateAnswer } from '../../lib/send-answer';
import type { PlaybackDeps } from '../playback/playback.service';
import * as catalog from './catalog.service';
import { personalRows, ViewingHistories } from './personal-rows.service';
import { sharedAnswers, type CatalogReadModel } from './read-model.service';
import { viewerAnswers, type ViewerAnswer } from './viewer-answers.service';

export interface CatalogRouteOptions {
  playback: PlaybackDeps;
  readModel: CatalogReadModel;
}

// Answers that are the same for every anonymous viewer come from the read model, checked against
// the contract once when built (not on every request); a signed-in viewer gets them with their own
// access badges laid over (viewer-answers.service.ts), from what their session lookup read.
export async function catalogRoutes(app: FastifyInstance, options: CatalogRouteOptions): Promise<void> {
  const { playback, readModel } = options;
  const context = (viewer: Viewer | null): catalog.ViewerContext => ({
    playback,
    access: viewer?.access ?? null,
    profileId: viewer?.profile?.id ?? null,
    sessionId: viewer?.sessionId ?? null,
  });
  const home = sharedAnswers({ db: app.db, playback, readModel });
  const rows = { db: app.db, readModel, answers: home, histories: new ViewingHistories(app.db) };
  const mine = viewerAnswers({ readModel, answers: home });
  // A signed-in answer is kept bytes (sent as the anonymous ones are, but private) or JSON made for this viewer.
  const send = (request: FastifyRequest, reply: FastifyReply, answer: ViewerAnswer) =>
    typeof answer === 'string' ? sendPrivate(reply, answer) : sendPrivateAnswer(request, reply, answer);

  route(app, api.homepage, async ({ request, reply }) => sendAnswer(request, reply, await home.homepage()), { kept: home.kept.homepage });

  route(app, api.categoryData, async ({ params, viewer, request, reply }) => {
    if (!viewer) return sendAnswer(request, reply, await home.category(params.id));
    const personal = viewer.profile ? await personalRows(rows, { profileId: viewer.profile.id, ageLimit: viewer.ageLimit, watchedAt: viewer.watchedAt }) : [];
    return send(request, reply, await mine.category(viewer, { id: params.id, personalRows: personal }));
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
      if (!viewer) return sendAnswer(request, reply, await home.similar(kind, params.id));
      return send(request, reply, await mine.similar(viewer, { kind, id: params.id }));
    }, { kept: (params) => home.kept.similar(kind, params.id!) });
  }
}
