import { randomUUID } from 'node:crypto';
import { buildPath } from '@marquee/contract';
import { adminApi, type AdminApiName } from '@marquee/contract/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createTestContext, type TestContext } from '../test/test-app';
import { bearer } from '../test/sign-in';
import { consoleEnv, staffSessions, type Sessions } from '../test/staff';

let ctx: TestContext;
let sessions: Sessions;
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  sessions = await staffSessions(ctx);
});
afterAll(() => ctx.close());

const endpoints = Object.entries(adminApi) as [AdminApiName, (typeof adminApi)[AdminApiName]][];

/** A path for the endpoint with each parameter filled by a value its schema accepts (nothing that exists). */
function samplePath(endpoint: (typeof adminApi)[AdminApiName]): string {
  const params = 'params' in endpoint ? (endpoint.params as z.ZodObject) : undefined;
  if (!params) return endpoint.path;
  const values: Record<string, string> = {};
  for (const [key, schema] of Object.entries(params.shape)) {
    values[key] = [randomUUID(), 'en', '1'].find((candidate) => (schema as z.ZodType).safeParse(candidate).success) ?? 'x';
  }
  return buildPath(endpoint.path, values);
}

const call = (endpoint: (typeof adminApi)[AdminApiName], headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: endpoint.method, url: samplePath(endpoint), headers });

describe('every /admin/api call, from the contract', () => {
  it('is served under /admin/api and admits staff roles only', () => {
    expect(endpoints.length).toBeGreaterThan(0);
    for (const [name, endpoint] of endpoints) {
      expect(endpoint.path, name).toMatch(/^\/admin\/api\//);
      expect(endpoint.auth, name).toBe('staff');
      expect(endpoint.roles.length, name).toBeGreaterThan(0);
    }
  });

  it.each(endpoints)('%s: 401 signed out, 401 with an unknown token, 403 for a viewer', async (_name, endpoint) => {
    expect((await call(endpoint)).statusCode).toBe(401);
    expect((await call(endpoint, { authorization: `Bearer ${'x'.repeat(43)}` })).statusCode).toBe(401);
    const refused = await call(endpoint, bearer(sessions.viewer));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, title: 'Forbidden' });
  });

  it.each(endpoints)('%s: 403 for the roles it does not name, past the guard for those it does', async (_name, endpoint) => {
    for (const role of ['admin', 'editor', 'support'] as const) {
      const status = (await call(endpoint, bearer(sessions[role]))).statusCode;
      if ((endpoint.roles as readonly string[]).includes(role)) expect([401, 403], role).not.toContain(status);
      else expect(status, role).toBe(403);
    }
  });

  it('appears in the OpenAPI document with its roles', async () => {
    const doc = (await ctx.app.inject('/docs/json')).json();
    for (const [name, endpoint] of endpoints) {
      const path = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, name).toBeDefined();
      expect(operation.description, name).toBe(`Roles: ${endpoint.roles.join(', ')}.`);
    }
  });
});
