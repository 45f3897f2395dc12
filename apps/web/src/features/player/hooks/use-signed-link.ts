import type { ActiveStream } from '@marquee/contract';
import { signedAssetOf } from '@marquee/contract/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { renewPlaybackLink } from '../api/renew-playback-link';
import { stopStream } from '../api/stop-stream';
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
   * The server refused to renew: access has ended (rental over, refund, signed out), or every
   * stream of the plan is in use (`streams`: what plays on the other devices).
   */
  onRefused: (message: string, streams: ActiveStream[] | null) => void;
}

/**
 * Keeps a signed video link alive while it plays. Links live minutes and are bound to the
 * viewer's session; the server renews one only while the viewer may still watch. `rewrite` moves
 * any URL of the video (playlists, segments) under the newest prefix; public URLs pass unchanged.
 * The first renewal comes as soon as play is pressed, so the schedule follows the server's clock.
 * For a paid title each renewal is also the heartbeat of the stream slot it holds, given back
 * when the player goes away or the page is left.
 */
export function useSignedLink({ src, titleId, active, onRefused }: Options) {
  const prefix = useRef<string | null>(null);
  const stream = useRef<string | null>(null);
  // The same prefix for rendering: URLs kept outside hls.js (subtitle tracks, the preview sprite).
  const [renewed, setRenewed] = useState<string | null>(null);
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
    async function renew() {
      const [ok, result] = await renewPlaybackLink({ assetId: asset!.assetId, titleId });
      if (cancelled) return;
      if (ok) {
        prefix.current = result.prefix;
        stream.current = result.streamId;
        setRenewed(result.prefix);
        timer = setTimeout(renew, renewDelayMs(result.renewIn));
      } else if (result.status !== null && result.status < 500 && result.status !== 429) {
        stream.current = null;
        refused.current(result.problem?.message ?? 'You can no longer watch this video.', result.problem?.streams ?? null);
      } else {
        timer = setTimeout(renew, RETRY_MS);
      }
    }
    void renew();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [src, titleId, active]);

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
  return { rewrite, renewed };
}
