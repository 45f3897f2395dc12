import { describe, expect, it } from 'vitest';
import { choosePlaybackSource } from './playback-source';

const image = '/media/images/banner.webp';

describe('choosePlaybackSource (behaviour.md §1)', () => {
  it('plays the full video when the server sent a link', () => {
    expect(choosePlaybackSource({ url: '/media/s/1/v/sig/a/master.m3u8', trailer: '/media/t/master.m3u8', image })).toEqual({
      kind: 'full',
      src: '/media/s/1/v/sig/a/master.m3u8',
    });
  });

  it('falls back to the trailer without a link', () => {
    expect(choosePlaybackSource({ url: null, trailer: '/media/t/master.m3u8', image })).toEqual({ kind: 'trailer', src: '/media/t/master.m3u8' });
  });

  it.each([null, undefined, '', '  ', 'undefined'])('shows the banner image when the trailer is %j', (trailer) => {
    expect(choosePlaybackSource({ url: null, trailer, image })).toEqual({ kind: 'image', src: image });
  });
});
