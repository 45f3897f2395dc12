import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface WrkOptions {
  origin: string;
  /** Requested in turn, over and over, by every connection of the thread. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  /** Where the generated Lua script is written, and its name there. */
  workDir: string;
  name: string;
  /** Sent with every request ('Authorization', 'Accept-Encoding'). */
  headers?: Record<string, string>;
  /** A slower answer counts as a timeout (wrk's default of 2 s counts slow subjects as failures). */
  timeoutSeconds?: number;
}

export interface WrkResult {
  requests: number;
  requestsPerSecond: number;
  megabytesPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** Socket errors, timeouts and non-2xx/3xx answers: anything but 0 makes the run worthless. */
  failures: number;
}

/**
 * One wrk run (Debian's wrk 4) cycling through a list of paths, its summary read back as JSON from
 * the script's done() hook rather than parsed from the human report. One wrk thread: on 2 cores
 * the server under test gets the other one.
 */
export async function runWrk(options: WrkOptions): Promise<WrkResult> {
  const script = join(options.workDir, `wrk-${options.name.replace(/[^a-z0-9]+/gi, '-')}.lua`);
  await writeFile(script, luaScript(options.paths));
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const args = [
    ...['-t1', `-c${options.connections}`, `-d${options.durationSeconds}s`, `--timeout`, `${options.timeoutSeconds ?? 10}s`],
    ...headers,
    ...['-s', script, options.origin],
  ];
  const output = await run('wrk', args);
  const line = output.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk printed no summary:\n${output}`);
  const s = JSON.parse(line.slice('WRK_JSON '.length)) as WrkSummary;
  const seconds = s.durationUs / 1e6;
  return {
    requests: s.requests,
    requestsPerSecond: s.requests / seconds,
    megabytesPerSecond: s.bytes / seconds / 1e6,
    latencyP50Ms: s.p50Us / 1000,
    latencyP99Ms: s.p99Us / 1000,
    failures: s.connectErrors + s.readErrors + s.writeErrors + s.timeouts + s.non2xx,
  };
}

interface WrkSummary {
  requests: number;
  bytes: number;
  durationUs: number;
  connectErrors: number;
  readErrors: number;
  writeErrors: number;
  timeouts: number;
  non2xx: number;
  p50Us: number;
  p99Us: number;
}

/**
 * Throws when more than one request in a thousand failed: then the run measured errors. Fewer (a
 * timeout on a machine other people load) are kept and reported.
 */
export function checkFailures(name: string, run: WrkResult): void {
  if (run.failures > Math.max(1, run.requests / 1000)) throw new Error(`${name}: ${run.failures} of ${run.requests} requests failed`);
}

function luaScript(paths: string[]): string {
  const list = paths.map((p) => `  ${JSON.stringify(p)},`).join('\n');
  return `local paths = {
${list}
}
local counter = 0

request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"bytes":%d,"durationUs":%d,"connectErrors":%d,"readErrors":%d,"writeErrors":%d,"timeouts":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}:\n${out}`))));
  });
}
