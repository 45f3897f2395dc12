import { api } from '@marquee/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { category, session, user } from '@/test/fixtures';
import { jsonResponse, problemResponse } from '@/test/http';
import { apiQueryKey, ApiError, callApi, callEndpoint, isUserQueryKey, userQueryKey, viewerQueryKey } from './api-client';
import { useSession } from './session-store';

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('callApi', () => {
  it('returns [true, data] on 200, parsed with the contract schema', async () => {
    const categories = [category('Movies'), category('Kids')];
    const fetchMock = stubFetch(async () => jsonResponse(categories));

    const [ok, data] = await callApi('homepage');

    expect(ok).toBe(true);
    expect(data).toEqual(categories);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/user/homepage');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('fills and encodes path parameters from the registry path', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ movies: [], series: [] }));
    await callApi('search', { params: { term: 'star wars/ep' } });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/search/star%20wars%2Fep');
  });

  it('sends a JSON body for a POST', async () => {
    const fetchMock = stubFetch(async () => jsonResponse({ message: 'Thanks' }));
    const body = { firstName: 'Ana', lastName: 'Reyes', email: 'ana@example.com', phoneNumber: '', message: 'Hello' };

    const [ok, data] = await callApi('contact', { body });

    expect([ok, data]).toEqual([true, { message: 'Thanks' }]);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(body);
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('returns [false, error] with the problem message on 404', async () => {
    stubFetch(async () => problemResponse(404, 'Movie not found'));
    const [ok, error] = await callApi('movie', { params: { name: 'nope' } });
    expect(ok).toBe(false);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Movie not found' });
  });

  it('returns [false, error] on 500', async () => {
    stubFetch(async () => problemResponse(500, 'Something went wrong on our side. Please try again.'));
    const [ok, error] = await callApi('homepage');
    expect(ok).toBe(false);
    expect(error).toMatchObject({ status: 500 });
  });

  it('treats any status other than 200 as a failure, even a 2xx', async () => {
    stubFetch(async () => jsonResponse({ message: 'Created' }, 201));
    const [ok] = await callApi('contact', { body: { firstName: 'A', lastName: 'B', email: 'a@b.co', message: 'x' } });
    expect(ok).toBe(false);
  });

  it('returns [false, error] with a null status when the network fails', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const [ok, error] = await callApi('homepage');
    expect(ok).toBe(false);
    expect(error).toMatchObject({ status: null, aborted: false });
  });

  it('returns [false, error] for a 200 whose body is not JSON', async () => {
    stubFetch(async () => new Response('<html>oops</html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const [ok, error] = await callApi('homepage');
    expect(ok).toBe(false);
    expect(error).toMatchObject({ status: 200, message: 'The server sent an unreadable response' });
  });

  it('in development and tests, returns [false, error] for a 200 that does not match the contract', async () => {
    stubFetch(async () => jsonResponse([{ name: 'no id' }]));
    const [ok, error] = await callApi('homepage');
    expect(ok).toBe(false);
    expect(error).toMatchObject({ message: 'The server sent an unexpected response' });
  });

  it('parses the answer with the schema of a registry entry it is given (the console\'s calls)', async () => {
    stubFetch(async () => jsonResponse([{ name: 'no id' }]));
    const [ok, error] = await callEndpoint(api.homepage, {});
    expect(ok).toBe(false);
    expect(error).toMatchObject({ message: 'The server sent an unexpected response' });

    const categories = [category('Movies')];
    stubFetch(async () => jsonResponse(categories));
    expect(await callEndpoint(api.homepage, {})).toEqual([true, categories]);
  });

  it('marks a cancelled request as aborted', async () => {
    const controller = new AbortController();
    stubFetch(async () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    const [ok, error] = await callApi('homepage', { signal: controller.signal });
    expect(ok).toBe(false);
    expect(error).toMatchObject({ aborted: true });
  });

  it('exposes validation problems per field', async () => {
    stubFetch(async () => problemResponse(400, 'body.email: Enter a valid email address', [{ path: 'body.email', message: 'Enter a valid email address' }]));
    const [, error] = await callApi('contact', { body: { firstName: 'A', lastName: 'B', email: 'x', message: 'y' } });
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('apiQueryKey', () => {
  it('is the call name followed by its parameters', () => {
    expect(apiQueryKey('homepage')).toEqual(['homepage']);
    expect(apiQueryKey('movie', { name: 'heat' })).toEqual(['movie', { name: 'heat' }]);
  });

  it('puts the user among the parameters of bearer calls, so users never share an answer', () => {
    expect(userQueryKey('watchlist', 'u1')).toEqual(['watchlist', { user: 'u1' }]);
    expect(userQueryKey('watchlistMembership', 'u1', { id: 't1' })).toEqual(['watchlistMembership', { id: 't1', user: 'u1' }]);
    expect(userQueryKey('watchlist', 'u1')).not.toEqual(userQueryKey('watchlist', 'u2'));
    expect(isUserQueryKey(userQueryKey('watchlist', 'u1'))).toBe(true);
    expect(isUserQueryKey(apiQueryKey('homepage'))).toBe(false);
  });

  it('puts the viewer last for calls that answer anyone, and counts a signed-in viewer as the user', () => {
    const ana = { token: 't', user: { _id: 'u1' } };
    expect(viewerQueryKey('movie', null, { name: 'heat' })).toEqual(['movie', { name: 'heat' }, { viewer: null }]);
    expect(viewerQueryKey('movie', ana, { name: 'heat' })).toEqual(['movie', { name: 'heat' }, { viewer: 'u1' }]);
    expect(viewerQueryKey('thirdPartyHomepage', ana)).toEqual(['thirdPartyHomepage', { viewer: 'u1' }]);
    expect(isUserQueryKey(viewerQueryKey('categoryData', ana, { id: 'c1' }))).toBe(true);
    expect(isUserQueryKey(viewerQueryKey('categoryData', null, { id: 'c1' }))).toBe(false);
  });
});

describe('bearer calls', () => {
  it('send the token and, for multipart calls, a form without a JSON content type', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(user()));
    const image = new Blob(['png'], { type: 'image/png' });

    await callApi('updateImage', { token: 'tok', body: { image } });

    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok');
    expect(headers.get('content-type')).toBeNull();
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('image')).toBeInstanceOf(Blob);
  });

  it('a 401 ends the session that made the call', async () => {
    const ana = session();
    useSession.getState().updateUser(ana);
    stubFetch(async () => problemResponse(401, 'Your session has ended. Sign in again.'));

    const [ok, error] = await callApi('watchlist', { token: ana.token });

    expect(ok).toBe(false);
    expect(error).toMatchObject({ status: 401 });
    expect(useSession.getState()).toMatchObject({ isLoggedIn: false, user: null });
  });

  it('a late 401 for an older session leaves the current one alone', async () => {
    const current = session({}, 'token-new');
    useSession.getState().updateUser(current);
    stubFetch(async () => problemResponse(401, 'Your session has ended. Sign in again.'));

    await callApi('watchlist', { token: 'token-old' });

    expect(useSession.getState().user).toEqual(current);
  });

  it('a 401 on a call without a token (a failed sign-in) signs nobody out', async () => {
    const current = session();
    useSession.getState().updateUser(current);
    stubFetch(async () => problemResponse(401, 'Sign-in failed'));

    await callApi('login', { body: { idToken: 'x' } });

    expect(useSession.getState().isLoggedIn).toBe(true);
  });
});
