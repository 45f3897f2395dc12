/** Commands on a video element, kept within the element's valid ranges. */
export function seekTo(video: HTMLVideoElement, seconds: number): void {
  if (!Number.isFinite(video.duration)) return;
  video.currentTime = Math.min(Math.max(0, seconds), video.duration);
}

/** Volume 0 is shown as muted, and unmuting from it brings the sound back at half. */
export function setVolume(video: HTMLVideoElement, volume: number): void {
  video.volume = Math.min(1, Math.max(0, volume));
  video.muted = video.volume === 0;
}

export function toggleMute(video: HTMLVideoElement): void {
  video.muted = !video.muted;
  if (!video.muted && video.volume === 0) video.volume = 0.5;
}
