import type { Series } from '@marquee/contract';

/**
 * The episode a series page opens on: the one asked for (Continue Watching links name it), else
 * the one the viewer was watching, else the first.
 */
export function initialEpisodeIndex(series: Pick<Series, 'episodes' | 'resume'>, requestedEpisodeId: string | null): number {
  for (const id of [requestedEpisodeId, series.resume?.episodeId]) {
    const index = id ? series.episodes.findIndex((episode) => episode._id === id) : -1;
    if (index >= 0) return index;
  }
  return 0;
}
