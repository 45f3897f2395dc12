import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { spawnTs } from './processes';

/** The entry points under src/, run as `npm start`, `npm run worker`, `npm run migrate` and `npm run ingest` run them. */
export const entryPoints = {
  server: fileURLToPath(new URL('../src/server.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../src/worker.ts', import.meta.url)),
  migrate: fileURLToPath(new URL('../src/scripts/migrate.ts', import.meta.url)),
  ingest: fileURLToPath(new URL('../src/scripts/ingest.ts', import.meta.url)),
};

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  /** Waits (up to a minute) for the output to match; null if it never does. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray | null>;
  output(): string;
}

/** Runs an entry point in its own Node process with only `env` (and PATH), collecting its output. */
export function startProcess(entry: string, env: Record<string, string>, args: string[] = []): ServerProcess {
  const child = spawnTs(entry, { args, env: { PATH: process.env.PATH, LOG_FORMAT: 'json', ...env } });
  child.stdin.end();
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    async waitFor(pattern) {
      for (let i = 0; i < 600 && !pattern.test(output) && child.exitCode === null; i += 1) await new Promise((r) => setTimeout(r, 100));
      return pattern.exec(output);
    },
    output: () => output,
  };
}
