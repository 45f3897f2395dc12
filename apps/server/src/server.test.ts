import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));

/** Runs the real entry point as `npm start` does, collecting its output. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH, LOG_FORMAT: 'json', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp) => {
    for (let i = 0; i < 600 && !pattern.test(output); i += 1) await new Promise((r) => setTimeout(r, 100));
    return pattern.exec(output);
  };
  return { child, exited, waitFor, output: () => output };
}

describe('server entry point', () => {
  it('refuses to start on bad configuration, naming the variable', async () => {
    const server = startServer({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: must be a number');
  });

  it('prints its URL, serves, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'marquee-server-'));
    try {
      const server = startServer({ PORT: '0', DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info' });
      const url = (await server.waitFor(/running at (http:\/\/\S+)/))?.[1];
      expect(url).toBeTruthy();
      const ready = await fetch(new URL('/readyz', url!));
      expect(ready.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
