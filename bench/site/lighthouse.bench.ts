import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { printTable } from '../lib/report';
import { median, round } from '../lib/stats';
import { firstRenderScripts } from './first-render';
import { startSite, type PreparedSite, type SiteServer } from './site';

export interface LighthouseOptions {
  /** Runs per page and form factor; the median score is quoted. */
  runs: number;
  /** Only these pages (`home`, `movie`, `search`) and form factors; all of them when absent. */
  pages?: string[];
  formFactors?: string[];
  /** Where to keep each run's Lighthouse report (`<page>-<form factor>-<run>.json`), to read its audits. */
  reportsDir?: string;
}

export const DEFAULT_LIGHTHOUSE: LighthouseOptions = { runs: 3 };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_CLI = resolve(import.meta.dirname, '../../node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const FORM_FACTORS = ['desktop', 'mobile'] as const;
type FormFactor = (typeof FORM_FACTORS)[number];

interface PageTarget {
  name: string;
  path: string;
}

interface RunResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Every script the page downloaded, as sent (compressed when the server compressed it) and as decoded. */
  scriptTransferBytes: number;
  scriptBytes: number;
  /** Lighthouse's own CPU yardstick for the run: lower when the machine is loaded. */
  benchmarkIndex: number;
}

/**
 * Lighthouse 13 (its default mobile settings: simulated slow 4G and a 4× slower CPU; and its
 * desktop preset) over the compiled server on a prepared demo site, with Debian Chromium: home, a
 * movie page and search results, each several times in rotation. The scores are absolute (there is
 * no same-run ceiling for a score); the benchmark index Lighthouse measures before every run says
 * how loaded the machine was.
 */
export async function runLighthouseBenchmark(site: PreparedSite, options: LighthouseOptions) {
  const missing = !existsSync(CHROMIUM) ? `no Chromium at ${CHROMIUM}` : !existsSync(LIGHTHOUSE_CLI) ? 'lighthouse is not installed (npm ci)' : null;
  if (missing) {
    const message = `lighthouse: skipped, ${missing}`;
    console.log(`\n${message}`);
    return { skipped: message, summary: [message] };
  }
  const pages: PageTarget[] = [
    { name: 'home', path: '/' },
    { name: 'movie', path: `/movie/${site.paidMovieSlug}` },
    { name: 'search', path: '/search?q=sum' },
  ].filter((page) => !options.pages || options.pages.includes(page.name));
  const formFactors = FORM_FACTORS.filter((formFactor) => !options.formFactors || options.formFactors.includes(formFactor));
  if (pages.length === 0 || formFactors.length === 0) throw new Error(`lighthouse: no page or form factor left to run (pages: ${options.pages?.join(',')}, form factors: ${options.formFactors?.join(',')})`);
  if (options.reportsDir) await mkdir(options.reportsDir, { recursive: true });
  const workDir = await mkdtemp(join(tmpdir(), 'marquee-bench-lighthouse-'));
  let server: SiteServer | undefined;
  try {
    server = await startSite(site);
    console.log(`\n[lighthouse] ${site.label}: ${pages.length} pages × ${formFactors.length} form factors × ${options.runs} runs at ${server.origin}`);
    const results = new Map<string, RunResult[]>();
    const plan = pages.flatMap((page) => formFactors.map((formFactor) => ({ page, formFactor })));
    for (let run = 0; run < options.runs; run += 1) {
      const order = plan.map((_, i) => plan[(i + run) % plan.length]!);
      for (const { page, formFactor } of order) {
        const result = await runLighthouse({ url: server.origin + page.path, formFactor, workDir });
        if (options.reportsDir) await copyFile(join(workDir, 'report.json'), join(options.reportsDir, `${page.name}-${formFactor}-${run + 1}.json`));
        const key = `${page.name} ${formFactor}`;
        results.set(key, [...(results.get(key) ?? []), result]);
        console.log(`  run ${run + 1}/${options.runs} ${key.padEnd(15)} performance ${result.performance} accessibility ${result.accessibility}`);
      }
    }
    return report({ results, label: site.label, runs: options.runs });
  } finally {
    await server?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function runLighthouse(input: { url: string; formFactor: FormFactor; workDir: string }): Promise<RunResult> {
  const output = join(input.workDir, 'report.json');
  const args = [
    LIGHTHOUSE_CLI,
    input.url,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
    '--only-categories=performance,accessibility,best-practices',
    ...(input.formFactor === 'desktop' ? ['--preset=desktop'] : []),
  ];
  await new Promise<void>((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise() : reject(new Error(`lighthouse exited ${code}: ${stderr}`))));
  });
  const lhr = JSON.parse(await readFile(output, 'utf8')) as Lhr;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    scriptTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    scriptBytes: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number; resourceSize?: number }[] } } | undefined>;
  environment?: { benchmarkIndex?: number };
}

function report(input: { results: Map<string, RunResult[]>; label: string; runs: number }) {
  const rows = [...input.results.entries()].map(([name, runs]) => {
    const med = (pick: (r: RunResult) => number) => median(runs.map(pick));
    return {
      name,
      performance: med((r) => r.performance),
      performanceRuns: runs.map((r) => r.performance),
      accessibility: med((r) => r.accessibility),
      bestPractices: med((r) => r.bestPractices),
      lcpMs: round(med((r) => r.lcpMs), 0),
      tbtMs: round(med((r) => r.tbtMs), 0),
      cls: round(med((r) => r.cls), 3),
      fcpMs: round(med((r) => r.fcpMs), 0),
      scriptTransferKb: round(med((r) => r.scriptTransferBytes) / 1024, 1),
      scriptKb: round(med((r) => r.scriptBytes) / 1024, 1),
      benchmarkIndex: round(med((r) => r.benchmarkIndex), 0),
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name));
  const firstRender = firstRenderScripts();
  printTable({
    title: `Lighthouse 13, Debian Chromium: ${input.label}, compiled server, ${input.runs} runs each (medians)`,
    header: ['page', 'perf', 'runs', 'a11y', 'best pr.', 'LCP ms', 'TBT ms', 'CLS', 'JS sent kB', 'JS kB', 'bench idx'],
    rows: rows.map((r) => [r.name, r.performance, r.performanceRuns.join('/'), r.accessibility, r.bestPractices, r.lcpMs, r.tbtMs, r.cls, r.scriptTransferKb, r.scriptKb, r.benchmarkIndex]),
  });
  console.log(`First-render JS (entry + modulepreload of index.html): ${firstRender.files} files, ${firstRender.rawKb} kB raw, ${firstRender.gzipKb} kB gzip, ${firstRender.brotliKb} kB brotli`);
  const score = (name: string) => rows.find((r) => r.name === name);
  const shown = (value: number | undefined) => (value === undefined ? '-' : value);
  const line = (formFactor: FormFactor) =>
    `lighthouse ${formFactor} performance home / movie / search: ${['home', 'movie', 'search'].map((p) => shown(score(`${p} ${formFactor}`)?.performance)).join(' / ')}` +
    ` (accessibility ${['home', 'movie', 'search'].map((p) => shown(score(`${p} ${formFactor}`)?.accessibility)).join(' / ')})`;
  const mobile = ['home', 'movie', 'search'].flatMap((p) => {
    const row = score(`${p} mobile`);
    return row ? [`lighthouse mobile ${p}: LCP ${row.lcpMs} ms, TBT ${row.tbtMs} ms, CLS ${row.cls}, JavaScript ${row.scriptTransferKb} kB as sent (${row.scriptKb} kB decoded)`] : [];
  });
  const formFactors = FORM_FACTORS.filter((formFactor) => rows.some((r) => r.name.endsWith(` ${formFactor}`)));
  const summary = [...formFactors.map(line), ...mobile, `first render ${firstRender.brotliKb} kB brotli / ${firstRender.gzipKb} kB gzip`];
  return { database: input.label, pages: rows, firstRender, summary };
}
