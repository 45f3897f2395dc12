import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  const make = fixtures(ctx.db);
  await make.title({ kind: 'series', name: 'Stranger Things', genres: ['Science Fiction'], cast: [{ name: 'Mara Holt', role: 'Eleven' }] });
  await make.title({ kind: 'series', name: 'Stranger Tides', genres: ['Adventure'] });
  await make.title({ name: 'The Strange Case', genres: ['Mystery'] });
  await make.title({ name: 'Café Lumière', genres: ['Romance'] });
  await make.title({ name: 'Harbour Lights', genres: ['Drama'], cast: [{ name: 'Mara Holt', role: 'Nell' }] });
  await make.title({ name: 'Strandline', genres: ['Documentary'], isEnable: false });
  await make.title({ name: 'Quiet Harbour', genres: ['Drama'] });
});
afterAll(() => ctx.close());

async function search(term: string): Promise<SearchResult> {
  const res = await ctx.app.inject({ method: 'GET', url: `/search/${encodeURIComponent(term)}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}
const names = (r: SearchResult) => [...r.movies, ...r.series].map((i) => i.name);

describe('GET /search/:term', () => {
  it('matches prefixes of the name and of words inside it', async () => {
    const result = await search('stra');
    expect(result.series.map((s) => s.name)).toEqual(expect.arrayContaining(['Stranger Things', 'Stranger Tides']));
    expect(result.movies.map((m) => m.name)).toContain('The Strange Case');
    expect((await search('lumi')).movies.map((m) => m.name)).toEqual(['Café Lumière']);
  });

  it('tolerates typos', async () => {
    const result = await search('strnger thngs');
    expect(result.series[0]?.name).toBe('Stranger Things');
  });

  it('ignores accents and case both ways', async () => {
    expect(names(await search('CAFE LUMIERE'))).toEqual(['Café Lumière']);
    expect(names(await search('Stránger'))).toEqual(expect.arrayContaining(['Stranger Things']));
  });

  it('ranks the closest name first', async () => {
    const result = await search('harbour');
    expect(result.movies.map((m) => m.name)).toEqual(['Harbour Lights', 'Quiet Harbour']);
  });

  it('matches cast and genre names', async () => {
    expect(names(await search('mara holt')).sort()).toEqual(['Harbour Lights', 'Stranger Things']);
    expect(names(await search('romance'))).toEqual(['Café Lumière']);
  });

  it('never returns disabled titles', async () => {
    const result = await search('strandline');
    expect(names(result)).not.toContain('Strandline');
    expect(names(await search('stra')).every((n) => n !== 'Strandline')).toBe(true);
  });

  it('returns empty lists for nothing found or a term of punctuation only', async () => {
    const none = { movies: [], series: [], thirdParty: [] };
    expect(await search('zzzzqqq')).toEqual(none);
    expect(await search('%_\\')).toEqual(none);
    expect(await search("'); drop table titles; --")).toEqual(none);
  });

  it('answers 400 with a message for an over-long term', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/search/${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('longer than 100 characters');
  });
});
