import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';

/** How much of a failing tool's stderr goes into the error: the cause is nearly always at the end. */
const STDERR_TAIL_LINES = 20;

export interface RunToolOptions {
  command: string;
  args: string[];
  signal?: AbortSignal;
  /** Called for each complete stdout line (ffmpeg's `-progress pipe:1`); stdout is then not kept. */
  onStdoutLine?: (line: string) => void;
  /** Called for each complete stderr line (what filters such as blackdetect log); the tail is kept for errors too. */
  onStderrLine?: (line: string) => void;
}

export interface ToolResult {
  stdout: Buffer;
}

/** A media tool exited non-zero or could not start; `stderrTail` holds its last lines. */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly stderrTail: string,
    readonly exitCode: number | null,
  ) {
    super(stderrTail ? `${message}:\n${stderrTail}` : message);
    this.name = 'MediaToolError';
  }
}

/**
 * Runs ffmpeg or ffprobe with an argument list, never through a shell, so file names need no
 * quoting. An abort kills the process with SIGKILL and rejects only once it has exited, so a
 * caller that cleans up afterwards never races a process still writing into the directory.
 *
 * A tool must not outlive the process that started it: a transcode left running after the server
 * died keeps burning CPU and writing files nobody will read, while the job is retried elsewhere.
 * Each tool runs in its own process group, killed whole on abort and when this process exits; on
 * Linux it is also started through `setpriv --pdeathsig KILL`, so the kernel kills it when this
 * process dies without running any code (kill -9, out of memory).
 */
export function runTool(options: RunToolOptions): Promise<ToolResult> {
  const { command, args, signal, onStdoutLine, onStderrLine } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(launcher?.command ?? command, launcher ? [...launcher.args, command, ...args] : args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    running.add(child);
    const stderr = new TailBuffer(STDERR_TAIL_LINES);
    const stdoutChunks: Buffer[] = [];
    const stdoutLines = onStdoutLine && lineReader(onStdoutLine);
    const stderrLines = onStderrLine && lineReader(onStderrLine);
    let spawnError: Error | undefined;

    const onAbort = () => killGroup(child);
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => (stdoutLines ? stdoutLines.push(chunk) : stdoutChunks.push(chunk)));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr.push(chunk.toString('utf8'));
      stderrLines?.push(chunk);
    });
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, killedBy) => {
      running.delete(child);
      signal?.removeEventListener('abort', onAbort);
      const name = basename(command);
      if (signal?.aborted) return reject(signal.reason);
      // setpriv answers 127 when it cannot start the tool: that is a start failure, not the tool's.
      if (launcher && code === 127 && stderr.text().startsWith('setpriv:')) spawnError = new Error(stderr.text());
      if (spawnError) return reject(new MediaToolError(`${name} could not be started (${spawnError.message})`, '', null));
      if (code !== 0) {
        const how = killedBy ? `was killed by ${killedBy}` : `exited with code ${code}`;
        return reject(new MediaToolError(`${name} ${how}`, stderr.text(), code));
      }
      stdoutLines?.end();
      stderrLines?.end();
      resolve({ stdout: Buffer.concat(stdoutChunks) });
    });
  });
}

/** Kills every tool still running (the process is exiting or shutting down). */
export function killRunningTools(): void {
  for (const child of running) killGroup(child);
}

const running = new Set<ChildProcess>();
process.once('exit', killRunningTools);

/** The kernel's parent-death signal, where util-linux's setpriv offers it (Linux). */
const launcher =
  process.platform === 'linux' && existsSync('/usr/bin/setpriv')
    ? { command: '/usr/bin/setpriv', args: ['--pdeathsig', 'KILL', '--'] }
    : undefined;

/** The tool and anything it started: a negative pid names the process group. */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/** Hands a byte stream on line by line (a chunk may end mid-line). */
function lineReader(onLine: (line: string) => void) {
  let pending = '';
  return {
    push(chunk: Buffer) {
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line.trimEnd());
    },
    end() {
      if (pending) onLine(pending.trimEnd());
      pending = '';
    },
  };
}

/** Keeps only the last lines of a stream: ffmpeg can log megabytes over a long transcode. */
class TailBuffer {
  private lines: string[] = [];
  private partial = '';

  constructor(private readonly max: number) {}

  push(text: string): void {
    const parts = (this.partial + text).split(/\r?\n|\r/);
    this.partial = parts.pop() ?? '';
    this.lines.push(...parts.filter((line) => line.trim() !== ''));
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }

  text(): string {
    const all = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    return all.slice(-this.max).join('\n');
  }
}
