import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryPoints, startProcess } from '../test/server-process';

/** Runs the real entry point as `npm start` does, collecting its output. */
const startServer = (env: Record<string, string>) => startProcess(entryPoints.server, env);

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
      // The id a response carries is the one its log lines carry.
      const requestId = ready.headers.get('x-request-id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await server.waitFor(new RegExp(`"reqId":"${requestId}"`))).toBeTruthy();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
