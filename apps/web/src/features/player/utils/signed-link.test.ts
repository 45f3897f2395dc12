import { describe, expect, it } from 'vitest';
import { renewDelayMs, withPrefix } from './signed-link';

const asset = '0b6f1c1e-2f0a-4d6e-9a53-3c1f5d0e7a11';
const old = `/media/s/1700000000/9d2a7a4e-1111-4222-8333-444455556666/oldsig/${asset}`;
const fresh = `/media/s/1700000240/9d2a7a4e-1111-4222-8333-444455556666/newsig/${asset}`;

describe('signed links renewed while playing', () => {
  it('moves playlists and segments of the same video under the newest prefix, on any origin', () => {
    expect(withPrefix(`http://localhost:3000${old}/360p/segment7.m4s`, fresh)).toBe(`http://localhost:3000${fresh}/360p/segment7.m4s`);
    expect(withPrefix(`${old}/master.m3u8`, fresh)).toBe(`${fresh}/master.m3u8`);
  });

  it('leaves public trailers, other videos and not-yet-renewed links alone', () => {
    expect(withPrefix('/media/videos/t/master.m3u8', fresh)).toBe('/media/videos/t/master.m3u8');
    const other = old.replace(asset, '11111111-2222-4333-8444-555555555555');
    expect(withPrefix(`${other}/master.m3u8`, fresh)).toBe(`${other}/master.m3u8`);
    expect(withPrefix(`${old}/master.m3u8`, null)).toBe(`${old}/master.m3u8`);
  });

  it('renews when the server says, never in a busy loop', () => {
    expect(renewDelayMs(120)).toBe(120_000);
    expect(renewDelayMs(0)).toBe(1000);
  });
});
