import { spawn } from 'node:child_process';
import { basename } from 'node:path';

/** How much of a failing tool's stderr goes into the error: the cause is nearly always at the end. */
const STDERR_TAIL_LINES = 20;

export interface RunToolOptions {
  command: string;
  args: string[];
  signal?: AbortSignal;
  /** Called for each complete stdout line (ffmpeg's `-progress pipe:1`); stdout is then not kept. */
  onStdoutLine?: (line: string) => void;
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
 */
export function runTool(options: RunToolOptions): Promise<ToolResult> {
  const { command, args, signal, onStdoutLine } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stderr = new TailBuffer(STDERR_TAIL_LINES);
    const stdoutChunks: Buffer[] = [];
    let pendingLine = '';
    let spawnError: Error | undefined;

    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (!onStdoutLine) {
        stdoutChunks.push(chunk);
        return;
      }
      const lines = (pendingLine + chunk.toString('utf8')).split('\n');
      pendingLine = lines.pop() ?? '';
      for (const line of lines) onStdoutLine(line.trimEnd());
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      const name = basename(command);
      if (signal?.aborted) return reject(signal.reason);
      if (spawnError) return reject(new MediaToolError(`${name} could not be started (${spawnError.message})`, '', null));
      if (code !== 0) {
        const how = killedBy ? `was killed by ${killedBy}` : `exited with code ${code}`;
        return reject(new MediaToolError(`${name} ${how}`, stderr.text(), code));
      }
      if (onStdoutLine && pendingLine) onStdoutLine(pendingLine);
      resolve({ stdout: Buffer.concat(stdoutChunks) });
    });
  });
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
