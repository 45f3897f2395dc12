import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announceProfileSwitch } from '@/lib/profile-switches';
import { useSession } from '@/lib/session-store';
import { session } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch } from '@/test/http';
import { useSignedLink } from './use-signed-link';

const asset = '0b7d6a52-9a4e-4c55-8d1e-3f1c2b4a5e6f';
const first = `/media/s/100/session-a/sig-1/${asset}`;
const renewed = `/media/s/400/session-a/sig-2/${asset}`;

describe('useSignedLink', () => {
  it('moves playlists, subtitles and the preview sprite under the renewed prefix once play is pressed', async () => {
    mockFetch({ [`/user/playback-link/${asset}`]: () => jsonResponse({ prefix: renewed, expiresAt: new Date(Date.now() + 240_000).toISOString(), expiresIn: 240, renewIn: 20, streamId: null }) });
    const onRefused = vi.fn();
    const { result, rerender } = renderHook(({ active }) => useSignedLink({ src: `${first}/master.m3u8`, active, onRefused }), { initialProps: { active: false } });
    expect(result.current.renewed).toBeNull();

    rerender({ active: true });
    await vi.waitFor(() => expect(result.current.renewed).toBe(renewed));
    expect(result.current.rewrite(`${first}/subtitles/en.vtt`)).toBe(`${renewed}/subtitles/en.vtt`);
    expect(result.current.rewrite('http://127.0.0.1:3000' + `${first}/thumbnails.jpg`)).toBe(`http://127.0.0.1:3000${renewed}/thumbnails.jpg`);
    expect(onRefused).not.toHaveBeenCalled();
  });

  it('reports what plays elsewhere when every stream is in use, and gives its own stream back when it goes away', async () => {
    useSession.getState().updateUser(session());
    const title = '5f0c3b1e-2d4a-4b6c-8e9f-0a1b2c3d4e5f';
    const stream = '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';
    const elsewhere = { _id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', device: 'Chrome on Windows', title: 'Night Train', startedAt: new Date().toISOString(), current: false };
    let full = false;
    const fetchMock = mockFetch({
      [`/user/playback-link/${asset}`]: (url) => {
        expect(url.searchParams.get('title')).toBe(title);
        expect(url.searchParams.get('player')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        if (full) {
          const message = 'Your plan plays on one screen at a time. Playing now: Chrome on Windows (Night Train). Stop one to watch here.';
          return jsonResponse({ type: 'about:blank', title: 'Conflict', status: 409, detail: message, message, streams: [elsewhere] }, 409, 'application/problem+json');
        }
        return jsonResponse({ prefix: renewed, expiresAt: new Date(Date.now() + 240_000).toISOString(), expiresIn: 240, renewIn: 20, streamId: stream });
      },
      [`/user/streams/${stream}`]: () => jsonResponse([]),
    });
    const onRefused = vi.fn();
    const held = renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, titleId: title, active: true, onRefused }));
    await vi.waitFor(() => expect(held.result.current.renewed).toBe(renewed));
    held.unmount();
    const release = fetchMock.mock.calls.find(([input]) => String(input).endsWith(`/user/streams/${stream}`));
    expect(release?.[1]).toMatchObject({ method: 'DELETE', keepalive: true });

    full = true;
    renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, titleId: title, active: true, onRefused }));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(expect.stringContaining('one screen at a time'), [elsewhere]));
  });

  it('asks for each player under its own id, so two tabs of one browser hold two streams', async () => {
    const players: (string | null)[] = [];
    mockFetch({
      [`/user/playback-link/${asset}`]: (url) => {
        players.push(url.searchParams.get('player'));
        return jsonResponse({ prefix: renewed, expiresAt: new Date(Date.now() + 240_000).toISOString(), expiresIn: 240, renewIn: 20, streamId: null });
      },
    });
    const onRefused = vi.fn();
    const tab = renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, active: true, onRefused }));
    const otherTab = renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, active: true, onRefused }));
    await vi.waitFor(() => expect(tab.result.current.renewed).toBe(renewed));
    await vi.waitFor(() => expect(otherTab.result.current.renewed).toBe(renewed));
    expect(players).toHaveLength(2);
    expect(players[0]).not.toBe(players[1]);
  });

  it("holds requests made after play until the player's own link arrives; public URLs go at once", async () => {
    const answer = deferred();
    mockFetch({ [`/user/playback-link/${asset}`]: () => answer.promise });
    const { result } = renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, active: true, onRefused: vi.fn() }));
    expect(result.current.untilRenewed('/media/trailers/t/master.m3u8')).toBeNull();
    const held = result.current.untilRenewed(`${first}/360p/segment-00001.m4s`);
    expect(held).not.toBeNull();
    let released = false;
    void held!.then(() => (released = true));
    await Promise.resolve();
    expect(released).toBe(false);

    answer.resolve(jsonResponse({ prefix: renewed, expiresAt: new Date(Date.now() + 240_000).toISOString(), expiresIn: 240, renewIn: 20, streamId: null }));
    await vi.waitFor(() => expect(released).toBe(true));
    expect(result.current.rewrite(`${first}/360p/segment-00001.m4s`)).toBe(`${renewed}/360p/segment-00001.m4s`);
    expect(result.current.untilRenewed(`${first}/360p/segment-00003.m4s`)).toBeNull();
  });

  it('asks at once when another tab chooses a profile, and stops with the reason when the title is above its limit', async () => {
    const message = 'Night Train is rated 16+ and Pip, the profile watching now, may watch titles rated up to 12+. To keep watching, switch to a profile that may watch it.';
    let kids = false;
    mockFetch({
      [`/user/playback-link/${asset}`]: () =>
        kids
          ? jsonResponse({ type: 'about:blank', title: 'Forbidden', status: 403, detail: message, message }, 403, 'application/problem+json')
          : jsonResponse({ prefix: renewed, expiresAt: new Date(Date.now() + 240_000).toISOString(), expiresIn: 240, renewIn: 20, streamId: null }),
    });
    const onRefused = vi.fn();
    const { result } = renderHook(() => useSignedLink({ src: `${first}/master.m3u8`, active: true, onRefused }));
    await vi.waitFor(() => expect(result.current.renewed).toBe(renewed));

    kids = true;
    // Long before the next heartbeat (20 s).
    announceProfileSwitch();
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledWith(message, null));
    // The link in hand plays no more: a later request waits for a new one.
    expect(result.current.untilRenewed(`${first}/360p/segment-00004.m4s`)).not.toBeNull();
  });
});
