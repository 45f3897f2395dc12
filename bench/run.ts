import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadAverage, machineInfo, writeJson } from './lib/report';
import { DEFAULT_SEARCH_LATENCY, runSearchLatencyBenchmark } from './search/search-latency.bench';
import { DEFAULT_FIRST_FRAME, runFirstFrameBenchmark } from './streaming/first-frame.bench';
import { DEFAULT_OFFLOAD, runOffloadBenchmark } from './streaming/offload.bench';
import { DEFAULT_SEGMENTS, runSegmentsBenchmark } from './streaming/segments.bench';
import { DEFAULT_TRANSCODE, runTranscodeBenchmark } from './streaming/transcode.bench';
import { DEFAULT_THROUGHPUT, runThroughputBenchmark } from './throughput/throughput.bench';
import { DEFAULT_STATEMENTS, runStatementsBenchmark } from './queries/home-statements.bench';
import { DEFAULT_FEEDS, runFeedsBenchmark } from './feeds/feeds.bench';
import { DEFAULT_LIGHTHOUSE, runLighthouseBenchmark } from './site/lighthouse.bench';
import { DEFAULT_MEMORY, runMemoryBenchmark } from './site/memory.bench';
import { buildSite, prepareSite, type PreparedSite } from './site/site';
import { runRuntimesBenchmark } from './runtimes/runtimes.bench';

const USAGE = `Usage: npm run bench [-- [throughput] [statements] [search] [first-frame] [segments] [offload] [transcode] [lighthouse] [memory] [feeds] [runtimes] [options]]
  throughput  catalogue and search req/s under load, ÷ a bare Fastify process sending the same bytes
  statements  SQL statements per home view, anonymous and signed in, at 1k and 100k titles
  search      sequential search latency at 1k vs 100k titles, 100k ÷ 1k
  first-frame click to first frame in Chromium, HLS (bare hls.js, and the site's player) ÷ the same content as one MP4
  segments    HLS segment MB/s through our /media/ and signed /media/s/ routes ÷ nginx, with wrk
  offload     segment MB/s through deploy/nginx's offload (app checks the link, X-Accel-Redirect) ÷ the same nginx serving the files directly
  transcode   packageVideo wall time on a 60 s 720p source ÷ its duration; CPU s per source minute
  lighthouse  Lighthouse 13 scores of home, a movie page and search, desktop and mobile; JavaScript sent
  memory      the compiled server's resident memory idle and through a long load
  feeds       a partner feed's first import and re-sync (items/s, peak memory, rows rewritten); catalogue req/s during a sync ÷ without
  --plans     print each search query's EXPLAIN ANALYZE at 100k titles
  --memory-minutes N   length of the memory benchmark's load (default ${DEFAULT_MEMORY.loadMinutes})
  --pages home,movie,search   lighthouse: only these pages (default all three)
  --form-factors desktop,mobile   lighthouse: only these form factors (default both)
  --lighthouse-reports DIR   keep each Lighthouse report there
  --no-build  use the existing builds of the web app and server (lighthouse, memory, first-frame)
  --quick     a smoke run (short and small): its figures are not worth quoting
  --output FILE   write the results there instead of results/latest-<database>.json
  runtimes    throughput, search and transcode on this Node and on --baseline-node, one run, this ÷ that
  --baseline-node PATH   runtimes: the other Node binary (default /usr/bin/node, the machine's own)
Runs on in-memory PGlite (a data directory for the compiled server), or on scratch databases of the
server in DATABASE_URL.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    plans: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    'memory-minutes': { type: 'string' },
    pages: { type: 'string' },
    'form-factors': { type: 'string' },
    'lighthouse-reports': { type: 'string' },
    output: { type: 'string' },
    'baseline-node': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
const known = ['throughput', 'statements', 'search', 'first-frame', 'segments', 'offload', 'transcode', 'lighthouse', 'memory', 'runtimes', 'feeds'];
const unknown = positionals.filter((p) => !known.includes(p));
if (values.help || unknown.length > 0) {
  console.log(unknown.length > 0 ? `Unknown benchmark: ${unknown.join(', ')}\n${USAGE}` : USAGE);
  process.exit(unknown.length > 0 ? 1 : 0);
}
// runtimes runs the others twice in processes of their own: never part of a plain `npm run bench`.
const selected = positionals.length > 0 ? positionals : known.filter((name) => name !== 'runtimes');

const throughputOptions = values.quick ? { ...DEFAULT_THROUGHPUT, rounds: 1, durationSeconds: 2, warmupSeconds: 1 } : DEFAULT_THROUGHPUT;
const searchOptions = {
  ...(values.quick ? { ...DEFAULT_SEARCH_LATENCY, sizes: [1_000, 10_000] as [number, number], requests: 30, minRequests: 10, warmup: 5 } : DEFAULT_SEARCH_LATENCY),
  printPlans: values.plans,
};

const firstFrameOptions = values.quick ? { clipSeconds: 12, rounds: 2 } : DEFAULT_FIRST_FRAME;
const segmentsOptions = values.quick ? { ...DEFAULT_SEGMENTS, clipSeconds: 12, rounds: 1, durationSeconds: 2, warmupSeconds: 1 } : DEFAULT_SEGMENTS;
const offloadOptions = values.quick ? { ...DEFAULT_OFFLOAD, clipSeconds: 12, rounds: 2, durationSeconds: 2, warmupSeconds: 1 } : DEFAULT_OFFLOAD;
const transcodeOptions = values.quick ? { clipSeconds: 12, rounds: 1 } : DEFAULT_TRANSCODE;
const statementsOptions = values.quick ? { sizes: [1_000, 10_000] as [number, number] } : DEFAULT_STATEMENTS;
const list = (value: string | undefined) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : undefined);
const lighthouseOptions = { ...(values.quick ? { runs: 1 } : DEFAULT_LIGHTHOUSE), pages: list(values.pages), formFactors: list(values['form-factors']), reportsDir: values['lighthouse-reports'] ? resolve(values['lighthouse-reports']) : undefined };
const memoryMinutes = Number(values['memory-minutes'] ?? (values.quick ? 1 : DEFAULT_MEMORY.loadMinutes));
const memoryOptions = { ...DEFAULT_MEMORY, loadMinutes: memoryMinutes };
const feedsOptions = values.quick ? { ...DEFAULT_FEEDS, items: 2_000, windowSeconds: 2, baselineWindows: 1 } : DEFAULT_FEEDS;
const siteClipSeconds = values.quick ? 12 : firstFrameOptions.clipSeconds;

const started = performance.now();
const machineAtStart = machineInfo();
console.log(`Load average at start (1 / 5 / 15 min): ${machineAtStart.loadAverage} on ${machineAtStart.cpus} cores`);
const results: Record<string, { summary: string[] }> = {};
// The benchmarks that need the compiled server share one prepared demo site.
let site: PreparedSite | undefined;
if (['first-frame', 'lighthouse', 'memory'].some((name) => selected.includes(name))) {
  if (!values['no-build']) buildSite();
  console.log(`\n[site] preparing the demo site (catalogue, artwork, a ${siteClipSeconds} s clip for every title)...`);
  site = await prepareSite({ clipSeconds: siteClipSeconds });
}
try {
  if (selected.includes('throughput')) results.throughput = await runThroughputBenchmark(throughputOptions);
  if (selected.includes('statements')) results.statements = await runStatementsBenchmark(statementsOptions);
  if (selected.includes('search')) results.search = await runSearchLatencyBenchmark(searchOptions);
  if (selected.includes('first-frame')) results['first-frame'] = await runFirstFrameBenchmark(firstFrameOptions, site);
  if (selected.includes('segments')) results.segments = await runSegmentsBenchmark(segmentsOptions);
  if (selected.includes('offload')) results.offload = await runOffloadBenchmark(offloadOptions);
  if (selected.includes('transcode')) results.transcode = await runTranscodeBenchmark(transcodeOptions);
  if (selected.includes('lighthouse')) results.lighthouse = await runLighthouseBenchmark(site!, lighthouseOptions);
  if (selected.includes('memory')) results.memory = await runMemoryBenchmark(site!, memoryOptions);
  if (selected.includes('runtimes')) results.runtimes = await runRuntimesBenchmark({ baselineNode: values['baseline-node'] ?? '/usr/bin/node', quick: values.quick });
  if (selected.includes('feeds')) results.feeds = await runFeedsBenchmark(feedsOptions);
} finally {
  await site?.close();
}

console.log(`\nSummary (ratios against a baseline measured in the same run; medians); load average ${machineAtStart.loadAverage} at start, ${loadAverage()} at the end`);
for (const line of Object.values(results).flatMap((r) => r.summary)) console.log(`  ${line}`);

const output = values.output ? resolve(values.output) : resolve(import.meta.dirname, `results/latest-${process.env.DATABASE_URL ? 'postgres' : 'embedded'}.json`);
await writeJson(output, {
  finishedAt: new Date().toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  quick: values.quick,
  machine: { ...machineAtStart, loadAverageAtEnd: loadAverage() },
  selected,
  ...results,
});
console.log(`\nResults written to ${output} (${Math.round((performance.now() - started) / 1000)} s)`);
