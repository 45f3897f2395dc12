import type { AdminTitle, EpisodeInput, episodeUpdate, Reorder } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import { storePartnerArtwork } from '../../images/partner-artwork';
import type { Actor } from '../audit/audit.service';
import { notifyWatchers } from '../notifications/notifications.service';
import { changeCatalog } from './catalog-change';
import * as episodes from './episodes.repository';
import { assertPermutation, assertUnchanged, assertVersion } from './list-version';
import { episodesVersion, titleDetail } from './title-view';
import { requireTitle, type TitleDeps } from './titles.service';

/**
 * Adds an episode after the last one. An enabled episode of an enabled series tells the viewers who
 * have the series on their watchlist.
 */
export async function addEpisode(deps: TitleDeps, input: { actor: Actor; seriesId: string; episode: EpisodeInput }): Promise<AdminTitle> {
  const episode = input.episode as Required<EpisodeInput>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const series = await requireSeries(tx, input.seriesId);
    const number = await episodes.nextEpisodeNumber(tx, series.id);
    const created = await episodes.insertEpisode(tx, { seriesId: series.id, number, ...episode, thumbnail: '' });
    const still = await storePartnerArtwork({ store: deps.store, prefix: `artwork/episodes/${created.id}-card`, name: `${number}. ${episode.name}`, portrait: null, landscape: null });
    await episodes.updateEpisode(tx, created.id, { thumbnail: still.horizontalBanner });
    if (series.isEnable && episode.isEnable) {
      await notifyWatchers(tx, {
        titleId: series.id,
        title: `New episode of ${series.name}`,
        description: `Episode ${number}, '${episode.name}', has been added to ${series.name}.`,
        image: series.horizontalBanner,
      });
    }
    return {
      result: await titleDetail(tx, series),
      audit: { action: 'episode.create', entityType: 'episode', entityId: created.id, summary: `Added episode ${number} '${episode.name}' to '${series.name}'`, after: { ...episode, number } },
    };
  });
}

export async function updateEpisode(deps: TitleDeps, input: { actor: Actor; id: string; update: z.input<typeof episodeUpdate> }): Promise<AdminTitle> {
  const { updatedAt, ...fields } = input.update as z.output<typeof episodeUpdate>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const current = await requireEpisode(tx, input.id);
    assertUnchanged(current.updatedAt, updatedAt, 'episode');
    const series = await requireSeries(tx, current.seriesId);
    await episodes.updateEpisode(tx, current.id, fields);
    const before = { name: current.name, description: current.description, durationMinutes: current.durationMinutes, isEnable: current.isEnable };
    return {
      result: await titleDetail(tx, series),
      audit: { action: 'episode.update', entityType: 'episode', entityId: current.id, summary: `Edited episode ${current.number} of '${series.name}'`, before, after: fields },
    };
  });
}

/** Renumbers a series' episodes in the order the editor dragged them to, if the list is as they saw it. */
export async function reorderEpisodes(deps: TitleDeps, input: { actor: Actor; seriesId: string; order: Reorder }): Promise<AdminTitle> {
  return changeCatalog(deps, input.actor, async (tx) => {
    // The series' row lock makes concurrent reorderings of one series wait for each other.
    const series = await requireSeries(tx, input.seriesId, { lock: true });
    const current = await episodes.listEpisodes(tx, series.id);
    assertVersion(episodesVersion(current), input.order.version);
    assertPermutation(
      current.map((e) => e.id),
      input.order.ids,
    );
    await episodes.renumberEpisodes(tx, { seriesId: series.id, ids: input.order.ids });
    return {
      result: await titleDetail(tx, series),
      audit: {
        action: 'episode.reorder',
        entityType: 'title',
        entityId: series.id,
        summary: `Reordered the episodes of '${series.name}'`,
        before: { ids: current.map((e) => e.id) },
        after: { ids: input.order.ids },
      },
    };
  });
}

export async function requireEpisode(db: Executor, id: string) {
  const episode = await episodes.findEpisode(db, id, { lock: true });
  if (!episode) throw new NotFoundError('Episode');
  return episode;
}

async function requireSeries(db: Executor, id: string, options: { lock?: boolean } = {}) {
  const title = await requireTitle(db, id, options);
  if (title.kind !== 'series') throw new BadRequestError('Only a series has episodes');
  return title;
}
