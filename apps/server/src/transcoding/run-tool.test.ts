import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { waitFor } from '../jobs/jobs.test-support';
import { lineFrom, processesMentioning, spawnTs } from '../../test/processes';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marquee-run-tool-'));
});
afterAll(async () => {
  // Whatever a failed case left running is this test's own: stop it by pid.
  for (const pid of await processesMentioning(dir)) process.kill(Number(pid), 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

/** A process running a long ffmpeg encode into a file named after the case. */
async function startEncode(name: string) {
  const output = join(dir, `${name}.mp4`);
  const runner = spawnTs('test/tool-runner.ts', { args: [output] });
  await lineFrom(runner, /^started$/);
  await waitFor(async () => (await processesMentioning(output)).length > 0, { timeoutMs: 30_000, what: 'ffmpeg to start' });
  return { runner, output };
}

// Killed at once in practice; the bound only keeps a broken build from hanging the suite.
const gone = (output: string) => waitFor(async () => (await processesMentioning(output)).length === 0, { timeoutMs: 10_000, what: 'ffmpeg to be gone' });

describe('media tools never outlive the process that started them', () => {
  it('are killed when that process exits', async () => {
    const { runner, output } = await startEncode('exit');
    runner.stdin.end('exit\n');
    await gone(output);
  });

  it('are killed when that process is killed without a chance to clean up (kill -9)', async () => {
    const { runner, output } = await startEncode('kill');
    runner.kill('SIGKILL');
    await gone(output);
  });
});
