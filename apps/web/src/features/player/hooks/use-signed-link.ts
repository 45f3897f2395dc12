import type { ActiveStream } from '@marquee/contract';
import { signedAssetOf } from '@marquee/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { onProfileSwitch } from '@/lib/profile-switches';
import { renewPlaybackLink } from '../api/renew-playback-link';
import { stopStream } from '../api/stop-stream';
import { newPlayerId } from '../utils/player-id';
import { renewDelayMs, withPrefix } from '../utils/signed-link';

/** After a failed attempt that was no refusal (offline, server busy), try again this soon. */
const RETRY_MS = 10_000;

interface Options {
  /** The master playlist the player was given. */
  src: string;
  /** The title it plays (a video may serve several): its access decides, and names the stream. */
  titleId?: string;
  /** The viewer pressed play: renew from now on, while the player stays. */
  active: boolean;
  /**
   * The server refused to renew: access has ended (rental over, refund, signed out), the profile
   * watching now may not see the title, or every stream of the plan is in use (`streams`: what
   * plays elsewhere).
   */
  onRefused: (message: string, streams: ActiveStream[] | null) => void;
}

/**
 * Keeps a signed video link alive while it plays. Links live minutes and are bound to the
 * viewer's session; the server renews one only while the viewer may still watch. `rewrite` moves
 * any URL of the video (playlists, segments) under the newest prefix; public URLs pass unchanged.
 * The first renewal comes as soon as play is pressed, so the schedule follows the server's clock.
 * A paid title's page link only prepares the first frame: the title plays under the link of the
 * first renewal, which also takes this player's stream slot (`untilRenewed` holds requests until
 * then). Each renewal is the slot's heartbeat; the slot is given back when the player goes away
 * or the page is left. The slot is this player's own (`player`), not the browser's: a second tab
 * needs a second stream.
 */
export function useSignedLink({ src, titleId, active, onRefused }: Options) {
  const prefix = useRef<string | null>(null);
  const stream = useRef<string | null>(null);
  const [player] = useState(newPlayerId);
  // The same prefix for rendering: URLs kept outside hls.js (subtitle tracks, the preview sprite).
  const [renewed, setRenewed] = useState<string | null>(null);
  // Requests waiting for the player's own link, released by the server's next answer.
  const waiting = useRef<{ promise: Promise<void>; release: () => void } | null>(null);
  const renewNowRef = useRef<(() => Promise<boolean>) | null>(null);
  const refused = useRef(onRefused);
  useEffect(() => {
    refused.current = onRefused;
  });

  useEffect(() => {
    const asset = signedAssetOf(src);
    // A new link for the same video keeps the renewed prefix; another video starts afresh.
    if (!asset || !prefix.current?.endsWith(`/${asset.assetId}`)) prefix.current = null;
    if (!asset || !active) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = () => {
      waiting.current?.release();
      waiting.current = null;
    };
    async function renew(): Promise<boolean> {
      clearTimeout(timer);
      const [ok, result] = await renewPlaybackLink({ assetId: asset!.assetId, titleId, playerId: player });
      if (cancelled) return false;
      if (ok) {
        prefix.current = result.prefix;
        stream.current = result.streamId;
        setRenewed(result.prefix);
        answered();
        timer = setTimeout(renew, renewDelayMs(result.renewIn));
        return true;
      }
      if (result.status !== null && result.status < 500 && result.status !== 429) {
        stream.current = null;
        // The link in hand plays no more: a later attempt waits for a new one.
        prefix.current = null;
        answered();
        refused.current(result.problem?.message ?? 'You can no longer watch this video.', result.problem?.streams ?? null);
      } else {
        timer = setTimeout(renew, RETRY_MS);
      }
      return false;
    }
    renewNowRef.current = renew;
    void renew();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      renewNowRef.current = null;
    };
  }, [src, titleId, active, player]);

  // Another tab chose a profile for this session: ask now, rather than at the next heartbeat, whether
  // it may go on watching (a kids profile may not; the refusal says why).
  useEffect(() => {
    if (!active) return;
    return onProfileSwitch(() => void renewNowRef.current?.());
  }, [active]);

  // Give the stream back when the player goes away (another page, another episode) or the page is left.
  useEffect(() => {
    const release = () => {
      if (stream.current) void stopStream(stream.current, { keepalive: true });
      stream.current = null;
    };
    window.addEventListener('pagehide', release);
    return () => {
      window.removeEventListener('pagehide', release);
      release();
    };
  }, []);

  const rewrite = useCallback((url: string) => withPrefix(url, prefix.current), []);

  /**
   * For a request made once play is pressed: null when it can go now (a public URL, or the
   * player's own link is in hand), else a promise settled by the server's next answer.
   */
  const untilRenewed = useCallback((url: string): Promise<void> | null => {
    const asset = signedAssetOf(url);
    if (!asset || prefix.current?.endsWith(`/${asset.assetId}`)) return null;
    if (!waiting.current) {
      let release = () => {};
      const promise = new Promise<void>((resolve) => (release = resolve));
      waiting.current = { promise, release };
    }
    return waiting.current.promise;
  }, []);

  /**
   * Asks at once (the link stopped serving: its stream was stopped from another device). True
   * when this player may go on, with a new link; a refusal goes to `onRefused` as usual.
   */
  const renewNow = useCallback((): Promise<boolean> => {
    prefix.current = null;
    return renewNowRef.current?.() ?? Promise.resolve(false);
  }, []);

  return { rewrite, renewed, untilRenewed, renewNow };
}
