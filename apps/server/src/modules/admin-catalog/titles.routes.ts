import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import type { MediaStore } from '../../storage/storage';
import { actorOf } from '../audit/audit.service';
import * as artwork from './artwork.service';
import * as episodes from './episodes.service';
import * as titles from './titles.service';
import { acceptFormData } from '../../plugins/form-data';

/** The uploaded file of a multipart artwork call, if any. */
const uploaded = (body: unknown) => {
  const image = (body as { image?: unknown } | undefined)?.image;
  return Buffer.isBuffer(image) ? image : undefined;
};

export async function adminTitleRoutes(app: FastifyInstance, options: { store: MediaStore }): Promise<void> {
  await acceptFormData(app);
  const deps: titles.TitleDeps = { db: app.db, store: options.store };
  route(app, adminApi.titles, ({ query }) => titles.listTitles(deps, query));
  route(app, adminApi.title, ({ params }) => titles.getTitle(deps, params.id));
  route(app, adminApi.createTitle, ({ viewer, body }) => titles.createTitle(deps, { actor: actorOf(viewer), title: body }));
  route(app, adminApi.updateTitle, ({ viewer, params, body }) => titles.updateTitle(deps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.titleArtwork, ({ viewer, params, request }) =>
    artwork.replaceTitleArtwork(deps, { actor: actorOf(viewer), titleId: params.id, slot: params.slot, upload: uploaded(request.body) }),
  );
  route(app, adminApi.people, ({ query }) => artwork.searchPeople(deps, query.search));
  route(app, adminApi.personPhoto, ({ viewer, params, request }) =>
    artwork.replacePersonPhoto(deps, { actor: actorOf(viewer), personId: params.id, upload: uploaded(request.body) }),
  );
  route(app, adminApi.addEpisode, ({ viewer, params, body }) => episodes.addEpisode(deps, { actor: actorOf(viewer), seriesId: params.id, episode: body }));
  route(app, adminApi.updateEpisode, ({ viewer, params, body }) => episodes.updateEpisode(deps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.episodeThumbnail, ({ viewer, params, request }) =>
    artwork.replaceEpisodeThumbnail(deps, { actor: actorOf(viewer), episodeId: params.id, upload: uploaded(request.body) }),
  );
  route(app, adminApi.reorderEpisodes, ({ viewer, params, body }) =>
    episodes.reorderEpisodes(deps, { actor: actorOf(viewer), seriesId: params.id, order: body }),
  );
}
