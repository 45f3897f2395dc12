import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageVideo } from '@marquee/server/src/transcoding/package-hls';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
import { startMediaServer, type MediaServer } from './media-server';
import { startNginx, type Nginx } from './nginx';
import { benchMediaTools, listSegments, makeSourceClip, type MediaFile } from './streaming-media';
import { checkFailures, runWrk, type WrkResult } from '../lib/wrk';

export interface SegmentsOptions {
  clipSeconds: number;
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export const DEFAULT_SEGMENTS: SegmentsOptions = { clipSeconds: 30, rounds: 3, durationSeconds: 10, warmupSeconds: 2, connections: 50 };

interface Target {
  name: string;
  origin: string;
  paths: string[];
  runs: WrkResult[];
}

/**
 * HLS segment serving: the same files through Debian's nginx (sendfile, one worker: the baseline),
 * through the app's public /media/ route (as trailers are served) and through the signed /media/s/
 * route (the same plus an HMAC check per request; signed in, one statement more: the session and
 * its profiles), each loaded by wrk cycling through every segment
 * of the ladder. Ratios are taken within a round, then the median over rounds.
 */
export async function runSegmentsBenchmark(options: SegmentsOptions) {
  const missing = ['nginx', 'wrk'].filter((tool) => !installed(tool));
  if (missing.length > 0) {
    const message = `segments: skipped, ${missing.join(' and ')} not found (apt-get install -y nginx wrk; Debian's, for the benchmark only)`;
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-segments-'));
  let server: MediaServer | undefined;
  let nginx: Nginx | undefined;
  try {
    const tools = await benchMediaTools();
    console.log(`\n[segments] packaging a ${options.clipSeconds} s 720p clip...`);
    const source = join(workDir, 'source.mp4');
    await makeSourceClip(tools, { output: source, durationSeconds: options.clipSeconds });
    const packageDir = join(workDir, 'hls');
    await packageVideo(tools, { input: source, outputDir: packageDir });
    const segments = await listSegments(packageDir);

    server = await startMediaServer({ packageDirs: [packageDir] });
    const [served] = server.packages;
    const publicPaths = segments.map((s) => `${served!.publicPrefix}/${s.path}`);
    nginx = await startNginx({ mediaDir: server.mediaDir, workDir, probePath: publicPaths[0]! });

    const targets: Target[] = [
      { name: 'nginx (baseline)', origin: nginx.origin, paths: publicPaths, runs: [] },
      { name: 'ours /media/', origin: server.origin, paths: publicPaths, runs: [] },
      { name: 'ours signed /media/s/', origin: server.origin, paths: segments.map((s) => `${served!.signedPrefix}/${s.path}`), runs: [] },
      { name: 'ours signed in /media/s/', origin: server.origin, paths: segments.map((s) => `${served!.signedInPrefix}/${s.path}`), runs: [] },
    ];
    for (const target of targets) await checkTarget(target, segments);

    const load = (target: Target, durationSeconds: number) =>
      runWrk({ origin: target.origin, paths: target.paths, connections: options.connections, durationSeconds, workDir, name: target.name });
    for (const target of targets) await load(target, options.warmupSeconds);
    for (let round = 0; round < options.rounds; round += 1) {
      const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
      for (const target of order) {
        const run = await load(target, options.durationSeconds);
        checkFailures(target.name, run);
        target.runs.push(run);
        console.log(`  round ${round + 1}/${options.rounds} ${target.name.padEnd(22)} ${Math.round(run.megabytesPerSecond)} MB/s ${Math.round(run.requestsPerSecond)} req/s`);
      }
    }
    return report({ targets, segments, options, label: server.label });
  } finally {
    await nginx?.stop();
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

function installed(command: string): boolean {
  const result = spawnSync(command, ['-v'], { stdio: 'ignore' });
  return !(result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT');
}

/** Every path answers 200 with the file's full size: a 403 or 404 would be measured as fast serving. */
async function checkTarget(target: Target, segments: MediaFile[]): Promise<void> {
  for (const [i, path] of target.paths.entries()) {
    const response = await fetch(target.origin + path);
    const body = await response.arrayBuffer();
    if (!response.ok || body.byteLength !== segments[i]!.bytes) {
      throw new Error(`${target.name}: ${path} answered ${response.status} with ${body.byteLength} bytes, expected ${segments[i]!.bytes}`);
    }
  }
}

function report(input: { targets: Target[]; segments: MediaFile[]; options: SegmentsOptions; label: string }) {
  const [nginx, ours] = input.targets;
  const ratioTo = (target: Target, base: Target) => round(median(target.runs.map((r, i) => r.megabytesPerSecond / base.runs[i]!.megabytesPerSecond)), 3);
  const rows = input.targets.map((target) => ({
    name: target.name,
    megabytesPerSecond: target.runs.map((r) => round(r.megabytesPerSecond, 0)),
    medianMegabytesPerSecond: round(median(target.runs.map((r) => r.megabytesPerSecond)), 0),
    medianRequestsPerSecond: round(median(target.runs.map((r) => r.requestsPerSecond)), 0),
    medianLatencyP50Ms: round(median(target.runs.map((r) => r.latencyP50Ms)), 1),
    medianLatencyP99Ms: round(median(target.runs.map((r) => r.latencyP99Ms)), 1),
    ratioToNginx: ratioTo(target, nginx!),
    ratioToPublic: ratioTo(target, ours!),
  }));
  const bytes = input.segments.reduce((sum, s) => sum + s.bytes, 0);
  const { options } = input;
  printTable({
    title: `Segments: ${input.segments.length} files (${round(bytes / 1e6, 1)} MB, mean ${Math.round(bytes / input.segments.length / 1e3)} kB), ` +
      `wrk 1 thread ${options.connections} connections, ${options.rounds} × ${options.durationSeconds} s (medians)`,
    header: ['server', 'MB/s', 'req/s', 'p50 ms', 'p99 ms', '÷ nginx', '÷ /media/'],
    rows: rows.map((r) => [r.name, r.medianMegabytesPerSecond, r.medianRequestsPerSecond, r.medianLatencyP50Ms, r.medianLatencyP99Ms, formatRatio(r.ratioToNginx), formatRatio(r.ratioToPublic)]),
  });
  const [, publicRow, signedRow, signedInRow] = rows;
  const summary = [
    `segments ours /media/ / nginx (MB/s): ${formatRatio(publicRow!.ratioToNginx)} (${publicRow!.medianMegabytesPerSecond} vs ${rows[0]!.medianMegabytesPerSecond} MB/s)`,
    `segments ours signed /media/s/ / nginx (MB/s): ${formatRatio(signedRow!.ratioToNginx)}`,
    `segments signed / public (MB/s): ${formatRatio(signedRow!.ratioToPublic)}`,
    `segments signed in / public (MB/s): ${formatRatio(signedInRow!.ratioToPublic)}`,
  ];
  return { database: input.label, files: input.segments.length, bytes, options, servers: rows, summary };
}
