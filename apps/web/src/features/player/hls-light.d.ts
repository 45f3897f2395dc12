// hls.js ships types for its full build only; the light build has the same API minus features
// the player does not use (alternate audio, in-manifest subtitles, DRM, CMCD, content steering).
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
