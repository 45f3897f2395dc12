import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const serverRoot = resolve(import.meta.dirname, '..');

/**
 * Runs a TypeScript file of the server in a Node process of its own, started directly (not
 * through tsx's CLI, which would put a wrapper process in between), so that its pid is the one
 * a test kills.
 */
export function spawnTs(file: string, options: { args?: string[]; env?: NodeJS.ProcessEnv } = {}): ChildProcessWithoutNullStreams {
  // stdio defaults to pipes for all three.
  return spawn(process.execPath, ['--import', 'tsx', file, ...(options.args ?? [])], { cwd: serverRoot, env: options.env ?? process.env });
}

/** Pids of the processes whose command line contains `text` (Linux /proc). */
export async function processesMentioning(text: string): Promise<string[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const hits = await Promise.all(
    pids.map(async (pid) => {
      const [cmdline, stat] = await Promise.all([
        readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => ''),
        readFile(`/proc/${pid}/stat`, 'utf8').catch(() => ''),
      ]);
      // A zombie (state Z) is dead already; it only waits for its parent to collect its status.
      const zombie = / Z /.test(stat.slice(stat.lastIndexOf(')')));
      return cmdline.includes(text) && !zombie ? pid : undefined;
    }),
  );
  return hits.filter((pid): pid is string => pid !== undefined);
}

/** Resolves with the first line a process prints that matches `pattern`. */
export function lineFrom(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((done, fail) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => pattern.test(l));
      if (line !== undefined) {
        child.stdout?.off('data', onData);
        done(line);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`process exited (${code}) before printing ${pattern}:\n${out}`)));
  });
}
