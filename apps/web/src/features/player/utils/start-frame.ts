/**
 * The largest distance between the playhead and the first frame shown that is taken for the
 * encoder's start delay (a few frames), not for a position somebody chose. A playhead this close
 * to the start has not moved.
 */
export const MAX_START_DELAY_S = 0.25;

/**
 * Puts the playhead of a video nobody has played yet on the frame it shows. With B-frames, x264's
 * video starts a few frames after the audio (two at 30 fps: 67 ms); a progressive MP4 hides that
 * with an edit list, fMP4 segments keep it. Chromium shows that frame while paused at 0, and
 * after Play the picture stood still until the clock had covered the delay and reached the frame
 * after it (100 ms of clock for the first change, against 33 ms from the frame's own time).
 * Returns a function that stops watching.
 */
export function alignToFirstFrame(input: { video: HTMLVideoElement; untouched: () => boolean }): () => void {
  const { video, untouched } = input;
  // Safari before 15.4, Firefox before 132: no frame callbacks, and playback starts as before.
  if (!('requestVideoFrameCallback' in video)) return () => {};
  const handle = video.requestVideoFrameCallback((_now, frame) => {
    const delay = frame.mediaTime - video.currentTime;
    if (delay > 0 && delay < MAX_START_DELAY_S && video.paused && !video.seeking && untouched()) video.currentTime = frame.mediaTime;
  });
  return () => video.cancelVideoFrameCallback(handle);
}
