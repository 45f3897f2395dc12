import { api, buildPath } from '@marquee/contract';
import { describe, expect, it } from 'vitest';

describe('buildPath', () => {
  it('encodes parameters, including the dot segments browsers would collapse', () => {
    expect(buildPath(api.search.path, { term: 'café lumière' })).toBe('/search/caf%C3%A9%20lumi%C3%A8re');
    expect(buildPath(api.search.path, { term: '.' })).toBe('/search/%2E');
    expect(buildPath(api.search.path, { term: '..' })).toBe('/search/%2E%2E');
    expect(buildPath(api.search.path, { term: 'a/b' })).toBe('/search/a%2Fb');
  });
});
