import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { chromium, type Browser, type Page } from 'playwright-core';
import { packageVideo } from '@marquee/server/src/transcoding/package-hls';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
import { startSite, type PreparedSite, type SiteServer } from '../site/site';
import { startMediaServer, type MediaServer } from './media-server';
import { benchMediaTools, ffmpegLabel, makeProgressiveMp4, makeSourceClip } from './streaming-media';

export interface FirstFrameOptions {
  clipSeconds: number;
  /** Measured plays per target (after one warm-up play each). */
  rounds: number;
}

export const DEFAULT_FIRST_FRAME: FirstFrameOptions = { clipSeconds: 30, rounds: 10 };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const PLAYER_DIR = resolve(import.meta.dirname, 'player');
const PLAY_TIMEOUT_MS = 30_000;

/** hls: hls.js on a bare page; mp4: a plain <video>; site: the web app's own player on a movie page. */
type Kind = 'hls' | 'mp4' | 'site';
type Start = 'ready' | 'cold';

interface Target {
  kind: Kind;
  start: Start;
  /** A media URL for the bare page, or the movie page's URL for the site's player. */
  src: string;
  runs: PlayResult[];
}

interface PlayResult {
  ms: number;
  method: string;
  /** The height of the first frame shown: the rendition hls.js started on, or the MP4's. */
  height: number;
}

/**
 * Click-to-first-frame of the same 720p content as an HLS ladder (hls.js, as the site plays it)
 * and as one progressive MP4 (a plain <video>), both served by the app's public media route on
 * loopback to Debian Chromium. Each play is a fresh browser context (empty cache); the order of the
 * targets rotates every round; the ratio HLS ÷ MP4 is taken within each round, then the median.
 */
export async function runFirstFrameBenchmark(options: FirstFrameOptions, site?: PreparedSite) {
  if (!existsSync(CHROMIUM)) {
    const message = `first-frame: skipped, no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-first-frame-'));
  let server: MediaServer | undefined;
  let siteServer: SiteServer | undefined;
  let browser: Browser | undefined;
  try {
    const tools = await benchMediaTools();
    console.log(`\n[first-frame] ${ffmpegLabel(tools)}: a ${options.clipSeconds} s 720p clip, its HLS ladder and a progressive MP4...`);
    const source = join(workDir, 'source.mp4');
    await makeSourceClip(tools, { output: source, durationSeconds: options.clipSeconds });
    const packaged = await packageVideo(tools, { input: source, outputDir: join(workDir, 'hls') });
    await mkdir(join(workDir, 'progressive'));
    const mp4 = await makeProgressiveMp4(tools, { input: source, output: join(workDir, 'progressive', 'video.mp4') });

    server = await startMediaServer({ packageDirs: [join(workDir, 'hls'), join(workDir, 'progressive')], addRoutes: playerRoutes });
    const [hls, progressive] = server.packages;
    const targets: Target[] = (['ready', 'cold'] as const).flatMap((start) => [
      { kind: 'hls' as const, start, src: `${hls!.publicPrefix}/master.m3u8`, runs: [] },
      { kind: 'mp4' as const, start, src: `${progressive!.publicPrefix}/video.mp4`, runs: [] },
    ]);
    if (site) {
      // The same 30 s clip, packaged by the same pipeline, as every demo title's full video.
      siteServer = await startSite(site);
      targets.push({ kind: 'site', start: 'ready', src: `${siteServer.origin}/movie/${site.freeMovieSlug}`, runs: [] });
    }

    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
    const origin = server.origin;
    const play = (target: Target) => (target.kind === 'site' ? playOnSite(browser!, target) : playOnce(browser!, { origin, target }));
    for (const target of targets) await play(target);
    for (let round = 0; round < options.rounds; round += 1) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      const line: string[] = [];
      for (const target of order) {
        const result = await play(target);
        target.runs.push(result);
        line.push(`${name(target)} ${Math.round(result.ms)} ms`);
      }
      console.log(`  round ${round + 1}/${options.rounds}: ${line.join(', ')}`);
    }
    const ladder = packaged.renditions.map((r) => r.name).join('/');
    return report({ targets, options, ladder, mp4Height: mp4.height, label: `${server.label}, ${ffmpegLabel(tools)}` });
  } finally {
    await browser?.close();
    await siteServer?.stop();
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The test page, its script and the web app's own hls.js, same-origin so the app's CSP allows them. */
function playerRoutes(app: FastifyInstance): void {
  const hlsJs = join(dirname(createRequire(resolve(import.meta.dirname, '../../apps/web/package.json')).resolve('hls.js')), 'hls.min.js');
  const files: Record<string, { path: string; type: string }> = {
    'player.html': { path: join(PLAYER_DIR, 'player.html'), type: 'text/html; charset=utf-8' },
    'player.js': { path: join(PLAYER_DIR, 'player.js'), type: 'text/javascript; charset=utf-8' },
    'hls.js': { path: hlsJs, type: 'text/javascript; charset=utf-8' },
  };
  app.get<{ Params: { file: string } }>('/__bench/:file', async (request, reply) => {
    const file = files[request.params.file];
    if (!file) return reply.code(404).send();
    return reply.type(file.type).send(await readFile(file.path));
  });
}

async function playOnce(browser: Browser, input: { origin: string; target: Target }): Promise<PlayResult> {
  const { origin, target } = input;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const query = new URLSearchParams({ kind: target.kind, src: target.src, start: target.start });
    await page.goto(`${origin}/__bench/player.html?${query}`);
    // Functions, not strings: the app's CSP forbids the eval a string predicate needs. Each runs in
    // the page on its own, so it can use nothing declared here (the casts vanish when compiled).
    const ready = () => (globalThis as PageGlobal).__bench?.ready || (globalThis as PageGlobal).__bench?.error;
    await page.waitForFunction(ready, null, { timeout: PLAY_TIMEOUT_MS });
    // A viewer clicks a moment after the player shows, not within the same millisecond: let what the
    // ready state started (media source attachment, metadata) settle, as on the site's movie page.
    if (target.start === 'ready') await page.waitForLoadState('networkidle');
    await page.click('#play');
    return await resultOf(page, target);
  } finally {
    await context.close();
  }
}

/**
 * The site's own player: a fresh visitor opens the movie page, waits until the player has prepared
 * the first frame (hls.js loads a few seconds after the page, or on the first input: the video
 * then has its first segment and shows a frame) and the page has stopped fetching, and presses Play. The click's timestamp and the first frame after it are taken in
 * the page by a script injected before the app's own (the app's CSP does not apply to it).
 */
async function playOnSite(browser: Browser, target: Target): Promise<PlayResult> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(SITE_CLICK_PROBE);
    const page = await context.newPage();
    await page.goto(target.src, { waitUntil: 'networkidle' });
    // No input before the click, so the player's code comes on its own (load-hls.ts); a frame to show means the first segment is in.
    await page.waitForFunction(VIDEO_HAS_A_FRAME, null, { timeout: PLAY_TIMEOUT_MS });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_AFTER_READY_MS);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    return await resultOf(page, target);
  } finally {
    await context.close();
  }
}

/** Evaluated in the page (a function: the site's CSP refuses strings): its video holds the current frame (HAVE_CURRENT_DATA). */
const VIDEO_HAS_A_FRAME = () => ((globalThis as PageWithVideo).document.querySelector('video')?.readyState ?? 0) >= 2;

/** The page's document as far as the check above needs it (the bench compiles without the DOM's types). */
type PageWithVideo = typeof globalThis & { document: { querySelector(selector: 'video'): { readyState: number } | null } };

/** Time for the buffered segment's work (appending, the frame before Play) to finish, as for a viewer who waits a moment. */
const SETTLE_AFTER_READY_MS = 500;

/** Waits for the page to report the first frame after the click (or an error). */
async function resultOf(page: Page, target: Target): Promise<PlayResult> {
  const done = () => (globalThis as PageGlobal).__bench?.result || (globalThis as PageGlobal).__bench?.error;
  await page.waitForFunction(done, null, { timeout: PLAY_TIMEOUT_MS });
  const state = (await page.evaluate(() => (globalThis as PageGlobal).__bench))!;
  if (state.error || !state.result) throw new Error(`${name(target)}: ${state.error ?? 'no result'}`);
  return state.result;
}

/** Injected before the page's scripts: the click on Play starts the clock, the next video frame stops it. */
const SITE_CLICK_PROBE = `
  const state = { ready: true, result: null, error: null };
  window.__bench = state;
  addEventListener('click', (event) => {
    const video = document.querySelector('video');
    if (!video || state.result) return;
    const clickedAt = event.timeStamp;
    video.requestVideoFrameCallback(() => {
      if (!state.result) state.result = { ms: performance.now() - clickedAt, method: 'requestVideoFrameCallback', height: video.videoHeight };
    });
    video.addEventListener('error', () => { state.error = 'video error ' + (video.error ? video.error.code : '?'); });
  }, true);
`;

interface PageState {
  ready: boolean;
  result: PlayResult | null;
  error: string | null;
}

/** The page's window as player.js leaves it (the bench compiles without the DOM's types). */
type PageGlobal = typeof globalThis & { __bench?: PageState };

function name(target: Target): string {
  return target.kind === 'site' ? 'site player ready' : `${target.kind} ${target.start}`;
}

function report(input: { targets: Target[]; options: FirstFrameOptions; ladder: string; mp4Height: number; label: string }) {
  const rows = input.targets.map((target) => {
    // The site's player is measured against the MP4 in the same starting state (ready).
    const mp4 = input.targets.find((t) => t.kind === 'mp4' && t.start === target.start)!;
    const ratios = target.runs.map((run, i) => run.ms / mp4.runs[i]!.ms);
    return {
      name: name(target),
      src: target.src,
      firstFrameMs: target.runs.map((r) => round(r.ms, 1)),
      medianMs: round(median(target.runs.map((r) => r.ms)), 1),
      minMs: round(Math.min(...target.runs.map((r) => r.ms)), 1),
      maxMs: round(Math.max(...target.runs.map((r) => r.ms)), 1),
      firstFrameHeights: [...new Set(target.runs.map((r) => r.height))],
      methods: [...new Set(target.runs.map((r) => r.method))],
      ratioToMp4: round(median(ratios), 3),
    };
  });
  printTable({
    title: `First frame: ${input.label}; ${input.options.clipSeconds} s clip, HLS ${input.ladder} vs MP4 ${input.mp4Height}p, ` +
      `Debian Chromium, loopback, ${input.options.rounds} plays each (medians)`,
    header: ['player', 'median ms', 'min ms', 'max ms', 'first frame', '÷ mp4'],
    rows: rows.map((r) => [r.name, r.medianMs, r.minMs, r.maxMs, r.firstFrameHeights.map((h) => `${h}p`).join('/'), formatRatio(r.ratioToMp4)]),
  });
  const summary = rows
    .filter((r) => !r.name.startsWith('mp4'))
    .map((r) => {
      const start = r.name.split(' ').at(-1)!;
      return `first-frame ${r.name} / mp4 ${start}: ${formatRatio(r.ratioToMp4)} (${r.medianMs} ms vs ${rows.find((m) => m.name === `mp4 ${start}`)!.medianMs} ms)`;
    });
  return { ladder: input.ladder, mp4Height: input.mp4Height, options: input.options, players: rows, summary };
}
