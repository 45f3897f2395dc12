import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200, contentType = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': contentType } });
}

export function problemResponse(status: number, message: string, errors?: Array<{ path: string; message: string }>): Response {
  const title = status === 404 ? 'Not Found' : 'Bad Request';
  return jsonResponse({ type: 'about:blank', title, status, detail: message, message, ...(errors ? { errors } : {}) }, status, 'application/problem+json');
}

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * Replaces fetch with a router over request paths. Like the real fetch, a request rejects with an
 * AbortError as soon as its signal aborts.
 */
export function mockFetch(routes: Record<string, Handler>, fallback?: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = routes[decodeURIComponent(url.pathname)] ?? fallback;
    const answer = handler
      ? Promise.resolve(handler(url, init))
      : Promise.resolve(jsonResponse({ message: `no mock for ${url.pathname}` }, 404));
    return raceAbort(answer, init?.signal ?? undefined);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A response the test releases by hand. */
export function deferred<T = Response>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function raceAbort(answer: Promise<Response>, signal: AbortSignal | undefined): Promise<Response> {
  if (!signal) return answer;
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject);
  });
}

/** The requests a fetch mock received for a path (and method), in order. */
export function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string, method?: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => decodeURIComponent(url.pathname) === path && (!method || (init?.method ?? 'GET') === method));
}

export function authorizationOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('authorization');
}
