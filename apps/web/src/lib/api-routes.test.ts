import { api } from '@marquee/contract';
import { apiRoutes, clientRoutesOf } from '@marquee/contract/client';
import { describe, expect, it } from 'vitest';

describe('the route table the browser ships', () => {
  it('matches the contract: every call, with its method, path, auth and multipart flag (npm run contract:routes)', () => {
    expect(apiRoutes).toEqual(clientRoutesOf(api));
    expect(Object.keys(apiRoutes)).toEqual(Object.keys(api));
  });
});
