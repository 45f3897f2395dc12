import type { AdminEpisode, AdminTitle, AdminTitleSummary, VideoState } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import { listVersion } from './list-version';
import * as repo from './titles.repository';

/** Titles as the console lists them, with the state of their videos, in three queries whatever the page size. */
export async function titleSummaries(db: Executor, rows: repo.TitleRow[]): Promise<AdminTitleSummary[]> {
  const episodes = await repo.episodesOfSeries(
    db,
    rows.filter((t) => t.kind === 'series').map((t) => t.id),
  );
  const statuses = await repo.assetStatuses(db, [...rows.flatMap((t) => [t.videoAssetId, t.trailerAssetId]), ...episodes.map((e) => e.videoAssetId)]);
  return rows.map((title) => {
    const own = episodes.filter((e) => e.seriesId === title.id);
    return summary(title, {
      video: title.kind === 'series' ? combined(own.map((e) => stateOf(e.videoAssetId, statuses))) : stateOf(title.videoAssetId, statuses),
      trailer: stateOf(title.trailerAssetId, statuses),
    });
  });
}

/** One title with everything the console's title page edits. */
export async function titleDetail(db: Executor, title: repo.TitleRow): Promise<AdminTitle> {
  const [[base], genres, cast, episodes] = await Promise.all([
    titleSummaries(db, [title]),
    repo.genreNamesOf(db, title.id),
    repo.castOf(db, title.id),
    repo.episodesOfSeries(db, title.kind === 'series' ? [title.id] : []),
  ]);
  const statuses = await repo.assetStatuses(db, episodes.map((e) => e.videoAssetId));
  return {
    ...base!,
    description: title.description,
    genres,
    cast,
    language: title.language,
    releaseYear: title.releaseYear,
    durationMinutes: title.durationMinutes,
    ageLimit: title.ageLimit,
    rating: title.rating,
    videoAssetId: title.videoAssetId,
    trailerAssetId: title.trailerAssetId,
    episodes: episodes.map((e): AdminEpisode => ({
      _id: e.id,
      number: e.number,
      name: e.name,
      description: e.description,
      durationMinutes: e.durationMinutes,
      thumbnail: e.thumbnail,
      isEnable: e.isEnable,
      video: stateOf(e.videoAssetId, statuses),
      videoAssetId: e.videoAssetId,
      updatedAt: e.updatedAt.toISOString(),
    })),
    episodesVersion: episodesVersion(episodes),
  };
}

export const episodesVersion = (episodes: repo.EpisodeRow[]) => listVersion(episodes);

function summary(title: repo.TitleRow, media: { video: VideoState; trailer: VideoState }): AdminTitleSummary {
  return {
    _id: title.id,
    kind: title.kind,
    slug: title.slug,
    name: title.name,
    isEnable: title.isEnable,
    isFree: title.isFree,
    isThirdParty: title.isThirdParty,
    rentPrice: title.rentPriceCents === null ? null : title.rentPriceCents / 100,
    verticalBanner: title.verticalBanner,
    horizontalBanner: title.horizontalBanner,
    // A partner's title streams from the partner.
    video: title.isThirdParty ? 'ready' : media.video,
    trailer: media.trailer,
    updatedAt: title.updatedAt.toISOString(),
  };
}

function stateOf(assetId: string | null, statuses: Map<string, repo.AssetStatus>): VideoState {
  return assetId === null ? 'none' : (statuses.get(assetId) ?? 'none');
}

/** A series' videos at a glance: the most pressing state among its episodes. */
function combined(states: VideoState[]): VideoState {
  for (const state of ['failed', 'processing', 'pending', 'ready'] as const) if (states.includes(state)) return state;
  return 'none';
}
