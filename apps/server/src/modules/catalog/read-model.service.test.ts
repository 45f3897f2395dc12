import { describe, expect, it } from 'vitest';
import { CatalogReadModel } from './read-model.service';

const answer = (bytes: number) => async () => ({ text: 'x'.repeat(bytes) });

describe('CatalogReadModel bounds', () => {
  it('keeps answers within its byte budget, dropping the least recently used first', async () => {
    // Each answer weighs about 5 × its JSON (≈ 10 kB): a 120 kB budget holds two of them.
    const model = new CatalogReadModel(() => true, 120_000);
    let builds = 0;
    const build = (bytes: number) => () => {
      builds += 1;
      return answer(bytes)();
    };
    await model.get('a', build(10_000));
    await model.get('b', build(10_000));
    await model.get('a', build(10_000)); // a is now the most recently used
    await model.get('c', build(10_000));
    expect(builds).toBe(3);
    expect(model.size).toBe(2);
    expect(model.bytes).toBeLessThanOrEqual(120_000);

    await model.get('a', build(10_000));
    expect(builds).toBe(3);
    await model.get('b', build(10_000));
    expect(builds, 'b was dropped to make room for c').toBe(4);
  });

  it('gives an answer looked up without building (peek) a second chance before dropping it', async () => {
    const model = new CatalogReadModel(() => true, 120_000);
    expect(model.peek('a'), 'nothing is built yet').toBeUndefined();
    const a = await model.get('a', answer(10_000));
    await model.get('b', answer(10_000));
    expect(model.peek('a')).toBe(a);
    await model.get('c', answer(10_000)); // over budget: a, the oldest, was peeked, so it moves on and b goes
    expect(model.peek('b')).toBeUndefined();
    expect(model.size).toBe(2);
    await model.get('d', answer(10_000)); // c is now older than a, and was never peeked
    expect(model.peek('c')).toBeUndefined();
    expect(model.peek('a')).toBe(a);
    await model.get('e', answer(10_000)); // d, never peeked, is older than the peeked a
    expect(model.peek('d')).toBeUndefined();
    expect(model.peek('a')).toBe(a);
    model.invalidate();
    expect(model.peek('a'), 'a change forgets it').toBeUndefined();
  });

  it('always keeps the newest answer, even one over the budget, and forgets everything on a change', async () => {
    const model = new CatalogReadModel(() => true, 1_000);
    await model.get('big', answer(10_000));
    expect(model.size).toBe(1);
    model.invalidate();
    expect(model.size).toBe(0);
    expect(model.bytes).toBe(0);
  });
});
