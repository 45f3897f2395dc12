import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageVideo } from '@marquee/server/src/transcoding/package-hls';
import { freePort, nginxInstalled, startNginx, type RunningNginx } from '@marquee/server/test/nginx';
import { printTable } from '../lib/report';
import { formatRatio, median, round } from '../lib/stats';
import { checkFailures, runWrk, type WrkResult } from '../lib/wrk';
import { startMediaServer, type MediaServer } from './media-server';
import { benchMediaTools, listSegments, makeSourceClip } from './streaming-media';

export interface OffloadOptions {
  clipSeconds: number;
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
}

export const DEFAULT_OFFLOAD: OffloadOptions = { clipSeconds: 30, rounds: 3, durationSeconds: 10, warmupSeconds: 2, connections: 50 };

/**
 * deploy/nginx's media offload: segments under a signed link through nginx, which asks the node
 * (the link checked by the app, answered with X-Accel-Redirect) and sends the file itself, ÷ the
 * same nginx process serving the same bytes from a plain location. Both in one nginx, one run,
 * alternating; the issue asks for at least 0.9.
 */
export async function runOffloadBenchmark(options: OffloadOptions) {
  if (!nginxInstalled) {
    const message = 'offload: skipped, /usr/sbin/nginx not found (apt-get install -y nginx-light)';
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-offload-'));
  let server: MediaServer | undefined;
  let nginx: RunningNginx | undefined;
  try {
    const tools = await benchMediaTools();
    console.log(`\n[offload] packaging a ${options.clipSeconds} s 720p clip...`);
    const source = join(workDir, 'source.mp4');
    await makeSourceClip(tools, { output: source, durationSeconds: options.clipSeconds });
    const packageDir = join(workDir, 'hls');
    await packageVideo(tools, { input: source, outputDir: packageDir });
    const segments = await listSegments(packageDir);

    server = await startMediaServer({ packageDirs: [packageDir], accelRedirect: '/_marquee/private-media/' });
    const [served] = server.packages;
    const [sitePort, directPort] = [await freePort(), await freePort()];
    nginx = await startNginx({
      dir: join(workDir, 'nginx'),
      port: sitePort,
      nodes: [new URL(server.origin).host],
      privateMediaDir: server.privateMediaDir,
      extraServer: directServer({ port: directPort, mediaDir: server.mediaDir }),
    });
    const targets = [
      { name: 'nginx direct', origin: `http://127.0.0.1:${directPort}`, paths: segments.map((s) => `${served!.publicPrefix}/${s.path}`), runs: [] as WrkResult[] },
      { name: 'nginx offload (signed)', origin: nginx.url, paths: segments.map((s) => `${served!.signedPrefix}/${s.path}`), runs: [] as WrkResult[] },
    ];
    for (const target of targets) {
      const response = await fetch(target.origin + target.paths[0]!);
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok || bytes !== segments[0]!.bytes) throw new Error(`${target.name} answered ${response.status} with ${bytes} bytes`);
    }
    const load = (target: (typeof targets)[number], durationSeconds: number) =>
      runWrk({ origin: target.origin, paths: target.paths, connections: options.connections, durationSeconds, workDir, name: target.name });
    for (const target of targets) await load(target, options.warmupSeconds);
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of round % 2 === 0 ? targets : [...targets].reverse()) {
        const run = await load(target, options.durationSeconds);
        checkFailures(target.name, run);
        target.runs.push(run);
        console.log(`  round ${round + 1}/${options.rounds} ${target.name.padEnd(24)} ${Math.round(run.megabytesPerSecond)} MB/s`);
      }
    }
    const [direct, offload] = targets;
    const ratio = round(median(offload!.runs.map((r, i) => r.megabytesPerSecond / direct!.runs[i]!.megabytesPerSecond)), 3);
    const rows = targets.map((t) => [t.name, round(median(t.runs.map((r) => r.megabytesPerSecond)), 0), round(median(t.runs.map((r) => r.requestsPerSecond)), 0), round(median(t.runs.map((r) => r.latencyP99Ms)), 1)]);
    printTable({ title: `Offload: ${segments.length} segments, wrk ${options.connections} connections, ${options.rounds} × ${options.durationSeconds} s (medians)`, header: ['path', 'MB/s', 'req/s', 'p99 ms'], rows });
    return { ratio, servers: rows, options, summary: [`segments through nginx offload / nginx direct (MB/s): ${formatRatio(ratio)}`] };
  } finally {
    await nginx?.stop();
    await server?.close();
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The baseline: the same files from a plain location of the same nginx process, sent as the
 * template sends media (sendfile, tcp_nopush, its Cache-Control and X-Request-Id headers), so that
 * the ratio is the cost of the offload's check and nothing else.
 */
function directServer(input: { port: number; mediaDir: string }): string {
  return `server {
    listen 127.0.0.1:${input.port};
    sendfile on;
    tcp_nopush on;
    location /media/ {
      alias ${input.mediaDir}/;
      add_header Cache-Control "private, max-age=31536000, immutable";
      add_header X-Request-Id $marquee_request_id always;
    }
  }`;
}
