/* global Hls, document, location, window */
// Plays one stream on a click and reports how long the first frame took, in window.__bench.
// ?kind=hls|mp4, &src=<url>, &start=ready|cold:
//   ready: before the click the player is where the site's player is when the play button shows:
//          hls.js attached with autoStartLoad off and the master playlist parsed; a <video> with its
//          metadata loaded (preload="metadata", the browser's default).
//   cold:  nothing is fetched before the click.
const params = new URLSearchParams(location.search);
const kind = params.get('kind');
const src = params.get('src');
const cold = params.get('start') === 'cold';
const video = document.getElementById('video');
const button = document.getElementById('play');
const state = { ready: false, result: null, error: null };
window.__bench = state;

let hls = null;
const fail = (message) => {
  if (!state.error) state.error = String(message);
};
const markReady = () => {
  state.ready = true;
  button.disabled = false;
};

function attach() {
  if (kind === 'hls') {
    hls = new Hls({ autoStartLoad: cold });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) fail(`hls.js: ${data.details}`);
    });
    hls.loadSource(src);
    hls.attachMedia(video);
    return new Promise((resolve) => hls.once(Hls.Events.MANIFEST_PARSED, resolve));
  }
  video.preload = cold ? 'none' : 'metadata';
  video.src = src;
  return new Promise((resolve) => video.addEventListener(cold ? 'playing' : 'loadedmetadata', resolve, { once: true }));
}

video.addEventListener('error', () => fail(`video error ${video.error ? video.error.code : '?'}`));
if (kind !== 'hls' && kind !== 'mp4') fail(`unknown kind ${kind}`);
else if (kind === 'hls' && !Hls.isSupported()) fail('hls.js: Media Source Extensions unavailable');

button.addEventListener('click', (event) => {
  // The event's timestamp is on performance.now()'s clock: the moment the click happened.
  const clickedAt = event.timeStamp;
  const report = (method) => {
    if (state.result) return;
    state.result = { ms: performance.now() - clickedAt, method, height: video.videoHeight };
  };
  if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(() => report('requestVideoFrameCallback'));
  else video.addEventListener('timeupdate', () => video.currentTime > 0 && report('timeupdate'));
  if (cold) attach();
  else if (hls) hls.startLoad(-1);
  video.play().catch(fail);
});

if (!state.error) {
  if (cold) markReady();
  else attach().then(markReady, fail);
}
