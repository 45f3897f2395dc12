import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nginxId = 'f3b1c0de9a8b7c6d5e4f30211a2b3c4d';

describe('request ids without a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('gives every response a fresh UUID, on success, problems and unknown routes alike', async () => {
    const ids = [];
    for (const url of ['/healthz', '/healthz', '/movie-name/nothing-here', '/no/such/route']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.headers['x-request-id'], url).toMatch(UUID);
      ids.push(res.headers['x-request-id']);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("ignores a client's X-Request-Id: only a proxy we trust may name a request", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': nginxId } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request ids behind a trusted proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => ctx.close());

  it("keeps the proxy's well-formed id, so one id follows the request through both logs", async () => {
    for (const id of [nginxId, '0b6f1f4e-2f7b-4c4e-9a61-3f1f0d7a9c11', 'trace.0123456789:abc_DEF-x']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces an id that is too short, too long or carries other characters', async () => {
    for (const id of ['abc', 'x'.repeat(129), 'f3b1c0de9a8b7c6d 5e4f30211a2b3c4d', 'f3b1c0de9a8b7c6d\u00e95e4f30211a2b3c4d', 'id"injected":"yes0000']) {
      const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], id).toMatch(UUID);
    }
  });

  it('ignores the header from a peer that is not the trusted proxy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': nginxId }, remoteAddress: '203.0.113.9' });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});
