import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { installed } from '../lib/processes';
import { printTable } from '../lib/report';
import { median, round } from '../lib/stats';
import { runWrk } from '../lib/wrk';
import { residentMegabytes, startSite, type PreparedSite } from './site';

export interface MemoryOptions {
  loadMinutes: number;
  connections: number;
  /** Seconds between two samples of the server's resident memory. */
  sampleSeconds: number;
}

export const DEFAULT_MEMORY: MemoryOptions = { loadMinutes: 10, connections: 20, sampleSeconds: 10 };

const SETTLE_SECONDS = 15;

interface Sample {
  seconds: number;
  megabytes: number;
}

/**
 * The compiled server's resident memory (the process, its embedded database's thread included):
 * idle after start-up, then every few seconds through a long load on everything a visitor asks for
 * (catalogue, title pages, search, the page itself, artwork and trailer segments), then idle again.
 * Growth is the last minute's median over the first minute's: a leak shows as a ratio that keeps
 * rising with the length of the load.
 */
export async function runMemoryBenchmark(site: PreparedSite, options: MemoryOptions) {
  if (!installed('wrk')) {
    const message = "memory: skipped, wrk not found (apt-get install -y wrk; Debian's, for the benchmark only)";
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-memory-'));
  const server = await startSite(site);
  try {
    console.log(`\n[memory] ${site.label}: idle ${SETTLE_SECONDS} s, then ${options.loadMinutes} min of load at ${options.connections} connections`);
    await sleep(SETTLE_SECONDS * 1000);
    const idle = await sampleFor({ pid: server.pid, seconds: 5, every: 1 });
    const paths = await visitorPaths(server.origin);
    const samples: Sample[] = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      samples.push({ seconds: (performance.now() - started) / 1000, megabytes: residentMegabytes(server.pid) });
    }, options.sampleSeconds * 1000);
    const load = await runWrk({
      origin: server.origin,
      paths,
      connections: options.connections,
      durationSeconds: Math.round(options.loadMinutes * 60),
      workDir,
      name: 'memory',
    }).finally(() => clearInterval(sampler));
    await sleep(SETTLE_SECONDS * 1000);
    const after = await sampleFor({ pid: server.pid, seconds: 5, every: 1 });
    return report({ label: site.label, idle, after, samples, paths: paths.length, load, options });
  } finally {
    await server.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function sampleFor(input: { pid: number; seconds: number; every: number }): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < input.seconds / input.every; i += 1) {
    values.push(residentMegabytes(input.pid));
    await sleep(input.every * 1000);
  }
  return median(values);
}

/** What visitors ask for, found the way the web app finds it: categories, their rows and banners, titles, artwork. */
async function visitorPaths(origin: string): Promise<string[]> {
  const json = async <T>(path: string) => (await (await fetch(origin + path)).json()) as T;
  const categories = await json<{ _id: string }[]>('/user/homepage');
  // The page itself by its file name: wrk sends no Accept header, and only navigations get index.html at /.
  const paths = ['/index.html', '/user/homepage', '/settings/display', '/search/sum', '/search/the', '/search/harbr'];
  for (const category of categories) {
    paths.push(`/user/category-data/${category._id}`);
    const data = await json<CategoryData>(`/user/category-data/${category._id}`);
    for (const row of data.subcategories.slice(0, 3)) {
      for (const { item } of row.content.slice(0, 4)) {
        paths.push(`/${item.kind === 'movie' ? 'movie' : 'series'}-name/${item.slug}`, `/user/similar-${item.kind === 'movie' ? 'movies' : 'series'}/${item._id}`, item.horizontalBanner);
      }
    }
    for (const banner of data.banners) if (banner.video) paths.push(banner.image, banner.video);
  }
  const unique = [...new Set(paths)].filter((path) => path.startsWith('/'));
  // Every path answers 200 first: an error page would be measured as a cheap answer.
  for (const path of unique) {
    const response = await fetch(origin + path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`memory: ${path} answered ${response.status}`);
  }
  return unique;
}

interface CategoryData {
  banners: { image: string; video: string | null }[];
  subcategories: { content: { item: { _id: string; kind: string; slug: string; horizontalBanner: string } }[] }[];
}

function report(input: {
  label: string;
  idle: number;
  after: number;
  samples: Sample[];
  paths: number;
  load: Awaited<ReturnType<typeof runWrk>>;
  options: MemoryOptions;
}) {
  const { samples } = input;
  const minute = (from: number, to: number) => median(samples.filter((s) => s.seconds >= from && s.seconds < to).map((s) => s.megabytes));
  const end = samples.at(-1)?.seconds ?? 0;
  const firstMinute = minute(0, 60);
  const lastMinute = minute(Math.max(0, end - 60), end + 1);
  const row = {
    idleMb: round(input.idle, 0),
    loadMedianMb: round(median(samples.map((s) => s.megabytes)), 0),
    peakMb: round(Math.max(...samples.map((s) => s.megabytes)), 0),
    startMb: round(samples[0]?.megabytes ?? NaN, 0),
    endMb: round(samples.at(-1)?.megabytes ?? NaN, 0),
    firstMinuteMb: round(firstMinute, 0),
    lastMinuteMb: round(lastMinute, 0),
    growth: round(lastMinute / firstMinute, 3),
    afterMb: round(input.after, 0),
    requestsPerSecond: round(input.load.requestsPerSecond, 0),
    failures: input.load.failures,
  };
  printTable({
    title: `Memory (resident, MB): ${input.label}, compiled server, ${input.options.loadMinutes} min of wrk over ${input.paths} paths, ${input.options.connections} connections`,
    header: ['idle', 'first sample', 'last sample', 'under load', 'peak', '1st min', 'last min', 'last ÷ 1st', 'idle after', 'req/s', 'failed'],
    rows: [[row.idleMb, row.startMb, row.endMb, row.loadMedianMb, row.peakMb, row.firstMinuteMb, row.lastMinuteMb, `${row.growth.toFixed(2)}x`, row.afterMb, row.requestsPerSecond, row.failures]],
  });
  const summary = [
    `memory ${input.label}: idle ${row.idleMb} MB, under load ${row.loadMedianMb} MB (first sample ${row.startMb}, last ${row.endMb}, peak ${row.peakMb}, every ${input.options.sampleSeconds} s); last minute ÷ first minute of ${input.options.loadMinutes}: ${row.growth.toFixed(2)}x`,
  ];
  return { database: input.label, ...row, samples, options: input.options, summary };
}
