import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

export interface ListeningProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`, as the process announced it. */
  origin: string;
  /** What the process wrote to stdout and stderr so far (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

export interface SpawnListeningOptions {
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Finds the origin in a line of the process's output; the process is up once it matches. */
  origin: (line: string) => string | null;
  timeoutMs?: number;
}

/** Whether a command is on PATH (nginx, wrk). */
export function installed(command: string): boolean {
  const result = spawnSync(command, ['-v'], { stdio: 'ignore' });
  return !(result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT');
}

/**
 * Starts a server process and waits until it prints where it listens. It is killed when the
 * benchmark exits, also when the benchmark fails, so no server outlives a run.
 */
export async function spawnListening(options: SpawnListeningOptions): Promise<ListeningProcess> {
  const child = spawn(options.command, options.args, { env: options.env ?? process.env, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    await stopChild(child);
  };
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      const timeoutMs = options.timeoutMs ?? 60_000;
      const timer = setTimeout(() => reject(new Error(`${options.command} did not start within ${timeoutMs} ms:\n${output}`)), timeoutMs);
      let found: string | null = null;
      // Keeps draining (bounded) after start-up, so a chatty process never blocks on a full pipe.
      const onData = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-20_000);
        if (found) return;
        found = output.split('\n').map(options.origin).find((origin) => origin !== null) ?? null;
        if (found) {
          clearTimeout(timer);
          resolve(found);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('error', reject);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${options.command} exited (${code}) before listening:\n${output}`));
      });
    });
    return { child, origin, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** SIGTERM (a graceful shutdown), then SIGKILL after 10 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
