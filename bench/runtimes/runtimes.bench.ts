import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadAverage, printTable } from '../lib/report';
import { formatRatio, round } from '../lib/stats';

export interface RuntimesOptions {
  /** The other Node binary: the one being left (the machine's Node 20) or the next candidate. */
  baselineNode: string;
  quick: boolean;
}

interface Runtime {
  node: string;
  version: string;
}

const RUN = resolve(import.meta.dirname, '../run.ts');
const BENCHES = ['throughput', 'search', 'transcode'] as const;
type Bench = (typeof BENCHES)[number];

interface ThroughputResult { endpoints?: { name: string; baseline: string; medianRequestsPerSecond: number; ratioToBare: number }[]; skipped?: string }
interface SearchResult { sizes: [number, number]; queries: { term: string; p50Ms: Record<string, number>; p95Ms: Record<string, number> }[] }
interface TranscodeResult { medianWallSeconds: number; medianCpuSeconds: number }
type Results = { throughput: ThroughputResult; search: SearchResult; transcode: TranscodeResult };

/**
 * The same three benchmarks (catalogue throughput, search latency, transcode) on this process's
 * Node and on another Node binary, in one run on one machine: each benchmark runs in a process of
 * its own under each Node, back to back, the order swapped from one benchmark to the next so
 * neither Node always goes first. Every figure is this Node's ÷ the baseline Node's.
 */
export async function runRuntimesBenchmark(options: RuntimesOptions) {
  const current: Runtime = { node: process.execPath, version: process.version };
  const baseline: Runtime = { node: options.baselineNode, version: nodeVersion(options.baselineNode) };
  console.log(`\n[runtimes] ${current.version} (${current.node}) ÷ ${baseline.version} (${baseline.node})`);
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-runtimes-'));
  try {
    const results = { current: {} as Partial<Results>, baseline: {} as Partial<Results> };
    for (const [i, bench] of BENCHES.entries()) {
      const order = i % 2 === 0 ? (['baseline', 'current'] as const) : (['current', 'baseline'] as const);
      for (const which of order) {
        const runtime = which === 'current' ? current : baseline;
        const output = join(workDir, `${bench}-${which}.json`);
        console.log(`\n[runtimes] ${bench} on ${runtime.version}, load ${loadAverage()}`);
        await runBench({ runtime, bench, output, quick: options.quick });
        (results[which] as Record<Bench, unknown>)[bench] = JSON.parse(await readFile(output, 'utf8'))[bench];
      }
    }
    return report({ current, baseline, results: results as { current: Results; baseline: Results } });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

function nodeVersion(node: string): string {
  const run = spawnSync(node, ['-v'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${node} -v failed: is --baseline-node a Node binary?`);
  return run.stdout.trim();
}

function runBench(input: { runtime: Runtime; bench: Bench; output: string; quick: boolean }): Promise<void> {
  const args = ['--import', 'tsx', RUN, input.bench, '--output', input.output, ...(input.quick ? ['--quick'] : [])];
  const child = spawn(input.runtime.node, args, { cwd: resolve(import.meta.dirname, '..'), stdio: 'inherit' });
  return new Promise((resolvePromise, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolvePromise() : reject(new Error(`${input.bench} on ${input.runtime.version} exited with ${code}`))));
  });
}

function report(input: { current: Runtime; baseline: Runtime; results: { current: Results; baseline: Results } }) {
  const { current: c, baseline: b } = input.results;
  const rows: (string | number)[][] = [];
  const summary: string[] = [];
  const label = `${input.current.version} ÷ ${input.baseline.version}`;

  for (const endpoint of c.throughput.endpoints ?? []) {
    const before = b.throughput.endpoints?.find((e) => e.name === endpoint.name);
    if (!before) continue;
    const ratio = round(endpoint.medianRequestsPerSecond / before.medianRequestsPerSecond, 3);
    rows.push([`throughput ${endpoint.name}`, 'req/s', before.medianRequestsPerSecond, endpoint.medianRequestsPerSecond, formatRatio(ratio)]);
    if (endpoint.name !== endpoint.baseline) summary.push(`runtimes ${label} throughput ${endpoint.name} req/s: ${formatRatio(ratio)}`);
  }
  const large = `${round(c.search.sizes[1] / 1000, 1)}k`;
  for (const query of c.search.queries) {
    const before = b.search.queries.find((q) => q.term === query.term);
    if (!before) continue;
    const ratio = round(query.p50Ms[large]! / before.p50Ms[large]!, 3);
    rows.push([`search '${query.term}' p50 at ${large}`, 'ms', before.p50Ms[large]!, query.p50Ms[large]!, formatRatio(ratio)]);
    summary.push(`runtimes ${label} search '${query.term}' p50 at ${large}: ${formatRatio(ratio)}`);
  }
  for (const [name, key] of [['wall', 'medianWallSeconds'], ['CPU', 'medianCpuSeconds']] as const) {
    const ratio = round(c.transcode[key] / b.transcode[key], 3);
    rows.push([`transcode ${name}`, 's', b.transcode[key], c.transcode[key], formatRatio(ratio)]);
    summary.push(`runtimes ${label} transcode ${name} s: ${formatRatio(ratio)}`);
  }
  printTable({
    title: `Runtimes: ${label} (req/s: above 1 is faster on ${input.current.version}; ms and s: below 1 is faster)`,
    header: ['measure', 'unit', input.baseline.version, input.current.version, 'ratio'],
    rows,
  });
  return { current: input.current, baseline: input.baseline, rows, results: input.results, summary };
}
