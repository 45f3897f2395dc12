import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Jobs' scratch folders on this machine, in `$TMPDIR/marquee-scratch`. A folder's name says which
 * process made it (host, pid and the process's start time) and for which job. The worker removes a
 * job's folder when its handler ends, however it ends; a folder whose process is gone was left by a
 * process killed mid-job, and any worker on the machine removes it (`sweepScratch`). Folders of
 * live processes (other workers on this machine) and of other hosts (a shared temporary
 * directory) are never touched, so no database is needed to tell them apart.
 */
export const defaultScratchRoot = (): string => join(tmpdir(), 'marquee-scratch');

export interface JobScratch {
  /** The job's folder, made on first use; the same one for the rest of the attempt. */
  dir(): Promise<string>;
  /** Removes the folder, if it was made. */
  remove(): Promise<void>;
}

export function jobScratch(input: { root: string; jobId: string }): JobScratch {
  let made: Promise<string> | undefined;
  return {
    dir() {
      made ??= (async () => {
        await mkdir(input.root, { recursive: true });
        // A random tail: the same job may run twice in one process (a lease lost, then taken again).
        return mkdtemp(join(input.root, `${await thisProcess()}${SEP}${input.jobId}${SEP}`));
      })();
      return made;
    },
    async remove() {
      const dir = await made?.catch(() => undefined);
      if (dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Removes the folders of this host whose process has ended; returns how many went. */
export async function sweepScratch(root: string): Promise<number> {
  const names = await readdir(root).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    const [host, pid, start] = name.split(SEP);
    if (host !== HOST || !pid || !/^\d+$/.test(pid) || (await isRunning(Number(pid), start ?? ''))) continue;
    await rm(join(root, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** host_pid_start, how a folder's name begins: a process of this host, told apart from a later one with its pid. */
export async function processTag(pid: number): Promise<string> {
  return [HOST, pid, (await startTimeOf(pid)) ?? '0'].join(SEP);
}

/** Not in host names, pids, start times or job ids. */
const SEP = '_';
const HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '-');

let self: Promise<string> | undefined;
const thisProcess = (): Promise<string> => (self ??= processTag(process.pid));

/**
 * Whether the process that made a folder still runs. With /proc (Linux), its pid must be alive
 * with the same start time; elsewhere a live pid is taken as it (a reused pid keeps a folder, never
 * removes a live one).
 */
async function isRunning(pid: number, start: string): Promise<boolean> {
  if (await hasProc) return (await startTimeOf(pid)) === start;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const hasProc = readdir('/proc/self').then(() => true, () => false);

/** Field 22 of /proc/<pid>/stat (clock ticks after boot); undefined when no such process runs. */
async function startTimeOf(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ') ?? [];
  // A zombie (state Z) has ended; only its parent has not collected it yet.
  return fields[0] === 'Z' ? undefined : fields[19];
}
