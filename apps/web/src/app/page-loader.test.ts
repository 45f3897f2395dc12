import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PageLoader from './page-loader';

const pageModule = { Component: () => null };
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/search-x.js');

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    size: () => items.size,
  };
}

// Each test is a fresh page: the module remembers a reload it started.
let loader: typeof PageLoader;
beforeEach(async () => {
  vi.resetModules();
  loader = await import('./page-loader');
});

describe('loading a page chunk', () => {
  it('tries a failed download once more and uses the second answer', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce(pageModule);
    const reload = vi.fn();
    await expect(loader.retryingPageLoad(load, { storage: memoryStorage(), reload })()).resolves.toBe(pageModule);
    expect(load).toHaveBeenCalledTimes(2);
    expect(reload).not.toHaveBeenCalled();
  });

  it('fails with a PageLoadError in words when the second try fails too', async () => {
    const load = vi.fn(() => Promise.reject(chunkError()));
    const failure = loader.retryingPageLoad(load, { storage: memoryStorage(), reload: vi.fn() })();
    await expect(failure).rejects.toBeInstanceOf(loader.PageLoadError);
    await expect(failure).rejects.toThrow('This page could not be loaded. Check your connection and try again.');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('reloading for a page whose code could not be loaded', () => {
  it('reloads once, and after that reload shows the error instead of reloading again', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const error = new loader.PageLoadError(chunkError());
    expect(loader.reloadOnceFor(error, { storage, reload })).toBe(true);
    // Asked again before the page goes away (a second render): still reloading, once.
    expect(loader.reloadOnceFor(error, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page fails the same way: no second reload, however often the error screen
    // is drawn again (a remount, or the router trying the page again with a new error).
    vi.resetModules();
    const reloaded = await import('./page-loader');
    for (let render = 0; render < 3; render++) {
      expect(reloaded.reloadOnceFor(new reloaded.PageLoadError(chunkError()), { storage, reload })).toBe(false);
    }
    expect(reload).toHaveBeenCalledTimes(1);

    // A reload by hand that fails again shows the error at once: the mark stays until a page loads.
    vi.resetModules();
    const reloadedByHand = await import('./page-loader');
    expect(reloadedByHand.reloadOnceFor(new reloadedByHand.PageLoadError(chunkError()), { storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.size()).toBe(1);
  });

  it('forgets the reload once a page loads, so the next failure may reload again', async () => {
    const storage = memoryStorage();
    loader.reloadOnceFor(new loader.PageLoadError(chunkError()), { storage, reload: vi.fn() });
    expect(storage.size()).toBe(1);
    await loader.retryingPageLoad(() => Promise.resolve(pageModule), { storage, reload: vi.fn() })();
    expect(storage.size()).toBe(0);
  });

  it('never reloads for other errors, nor without session storage (a loop could not be ruled out)', () => {
    const reload = vi.fn();
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(loader.reloadOnceFor(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(loader.reloadOnceFor(new loader.PageLoadError(chunkError()), { storage: { getItem: denied, setItem: denied, removeItem: denied }, reload })).toBe(false);
    expect(loader.reloadOnceFor(new loader.PageLoadError(chunkError()), { storage: null, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
