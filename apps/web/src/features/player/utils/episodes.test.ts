import { describe, expect, it } from 'vitest';
import { episode, series } from '@/test/fixtures';
import { initialEpisodeIndex } from './episodes';

describe('initialEpisodeIndex', () => {
  const episodes = [episode({ number: 1 }), episode({ number: 2 }), episode({ number: 3 })];

  it('opens on the episode asked for, before the resume point', () => {
    const show = series({ episodes, resume: { episodeId: episodes[1]!._id, position: 40 } });
    expect(initialEpisodeIndex(show, episodes[2]!._id)).toBe(2);
  });

  it('opens on the episode being watched, else the first', () => {
    expect(initialEpisodeIndex(series({ episodes, resume: { episodeId: episodes[1]!._id, position: 40 } }), null)).toBe(1);
    expect(initialEpisodeIndex(series({ episodes, resume: null }), null)).toBe(0);
  });

  it('ignores an episode id that is not in this series', () => {
    expect(initialEpisodeIndex(series({ episodes, resume: null }), 'not-an-episode')).toBe(0);
  });
});
