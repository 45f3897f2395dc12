import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { machineInfo, writeJson } from './lib/report';
import { DEFAULT_SEARCH_LATENCY, runSearchLatencyBenchmark } from './search/search-latency.bench';
import { DEFAULT_FIRST_FRAME, runFirstFrameBenchmark } from './streaming/first-frame.bench';
import { DEFAULT_SEGMENTS, runSegmentsBenchmark } from './streaming/segments.bench';
import { DEFAULT_TRANSCODE, runTranscodeBenchmark } from './streaming/transcode.bench';
import { DEFAULT_THROUGHPUT, runThroughputBenchmark } from './throughput/throughput.bench';

const USAGE = `Usage: npm run bench [-- [throughput] [search] [first-frame] [segments] [transcode] [--plans] [--quick]]
  throughput  home (category data) and search req/s under load, ÷ a static route's req/s
  search      sequential search latency at 1k vs 100k titles, 100k ÷ 1k
  first-frame click to first frame in Chromium, HLS (hls.js) ÷ the same content as one MP4
  segments    HLS segment MB/s through our /media/ and signed /media/s/ routes ÷ nginx, with wrk
  transcode   packageVideo wall time on a 60 s 720p source ÷ its duration; CPU s per source minute
  --plans     print each search query's EXPLAIN ANALYZE at 100k titles
  --quick     a smoke run (short and small): its figures are not worth quoting
Runs on in-memory PGlite, or on a scratch database of the server in DATABASE_URL.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { plans: { type: 'boolean', default: false }, quick: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
});
const known = ['throughput', 'search', 'first-frame', 'segments', 'transcode'];
const unknown = positionals.filter((p) => !known.includes(p));
if (values.help || unknown.length > 0) {
  console.log(unknown.length > 0 ? `Unknown benchmark: ${unknown.join(', ')}\n${USAGE}` : USAGE);
  process.exit(unknown.length > 0 ? 1 : 0);
}
const selected = positionals.length > 0 ? positionals : known;

const throughputOptions = values.quick ? { ...DEFAULT_THROUGHPUT, rounds: 1, durationSeconds: 2, warmupSeconds: 1 } : DEFAULT_THROUGHPUT;
const searchOptions = {
  ...(values.quick ? { ...DEFAULT_SEARCH_LATENCY, sizes: [1_000, 10_000] as [number, number], requests: 30, minRequests: 10, warmup: 5 } : DEFAULT_SEARCH_LATENCY),
  printPlans: values.plans,
};

const firstFrameOptions = values.quick ? { clipSeconds: 12, rounds: 2 } : DEFAULT_FIRST_FRAME;
const segmentsOptions = values.quick ? { ...DEFAULT_SEGMENTS, clipSeconds: 12, rounds: 1, durationSeconds: 2, warmupSeconds: 1 } : DEFAULT_SEGMENTS;
const transcodeOptions = values.quick ? { clipSeconds: 12, rounds: 1 } : DEFAULT_TRANSCODE;

const started = performance.now();
const results: Record<string, { summary: string[] }> = {};
if (selected.includes('throughput')) results.throughput = await runThroughputBenchmark(throughputOptions);
if (selected.includes('search')) results.search = await runSearchLatencyBenchmark(searchOptions);
if (selected.includes('first-frame')) results['first-frame'] = await runFirstFrameBenchmark(firstFrameOptions);
if (selected.includes('segments')) results.segments = await runSegmentsBenchmark(segmentsOptions);
if (selected.includes('transcode')) results.transcode = await runTranscodeBenchmark(transcodeOptions);

console.log('\nSummary (ratios against a baseline measured in the same run; medians)');
for (const line of Object.values(results).flatMap((r) => r.summary)) console.log(`  ${line}`);

const output = resolve(import.meta.dirname, 'results/latest.json');
await writeJson(output, {
  finishedAt: new Date().toISOString(),
  seconds: Math.round((performance.now() - started) / 1000),
  quick: values.quick,
  machine: machineInfo(),
  ...results,
});
console.log(`\nResults written to ${output} (${Math.round((performance.now() - started) / 1000)} s)`);
