/**
 * A page's code (a lazy route chunk) whose download fails is not the end of it. A flaky
 * connection gets a second try at once. When that fails too, the error screen reloads the page
 * once (by then the address is the page's own), because a new deploy removes the old build's
 * chunks and only a fresh index.html names the new ones. A mark in session storage keeps that to
 * one reload: if the code still cannot be had after it, the error screen says so in words. The
 * mark is forgotten when a page loads.
 */

const RELOAD_MARK = 'marquee:page-reloaded-for-code';

export class PageLoadError extends Error {
  constructor(cause: unknown) {
    super('This page could not be loaded. Check your connection and try again.', { cause });
    this.name = 'PageLoadError';
  }
}

export interface PageLoaderEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  reload: () => void;
}

/** Wraps a route's `lazy`: one more try on failure, then a PageLoadError. */
export function retryingPageLoad<T>(load: () => Promise<T>, environment: PageLoaderEnvironment = browserEnvironment()): () => Promise<T> {
  return async () => {
    try {
      const module = await load().catch(() => load());
      // The page loaded: a later failure (say, after the next deploy) may reload once again.
      safely(() => environment.storage?.removeItem(RELOAD_MARK));
      return module;
    } catch (error) {
      throw new PageLoadError(error);
    }
  };
}

let reloadUnderWay = false;
/** Set once this document has shown the error after its reload: it never reloads by itself again. */
let gaveUp = false;

/**
 * For the error screen: reloads the page once for a page whose code could not be loaded, and
 * answers whether a reload is under way (draw nothing final then). Asked again after that reload,
 * it answers no, and keeps answering no for as long as this document lives, however often the
 * error screen is drawn or remounted, so the error is shown instead of reloading forever. The
 * mark stays until a page loads, so a reload by hand shows the error at once too. Without
 * storage there is no telling a first failure from the reload's: no reload then.
 */
export function reloadOnceFor(error: unknown, environment: PageLoaderEnvironment = browserEnvironment()): boolean {
  if (!(error instanceof PageLoadError)) return false;
  if (reloadUnderWay) return true;
  if (gaveUp) return false;
  const { storage } = environment;
  if (safely(() => storage?.getItem(RELOAD_MARK)) != null) {
    gaveUp = true;
    return false;
  }
  const marked = safely(() => {
    storage?.setItem(RELOAD_MARK, '1');
    return storage !== null;
  });
  if (!marked) return false;
  reloadUnderWay = true;
  environment.reload();
  return true;
}

function browserEnvironment(): PageLoaderEnvironment {
  return {
    storage: safely(() => window.sessionStorage) ?? null,
    reload: () => window.location.reload(),
  };
}

/** Storage throws when the browser forbids it (privacy settings, quota). */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
