import { api, buildPath, problem, type Api, type ApiBody, type ApiName, type ApiParams, type ApiResponse, type Problem } from '@marquee/contract';
import { env } from '@/config/env';
import { endSession } from './session-store';

/** SPEC §7: every call answers with a pair, `[true, data]` only on HTTP 200. */
export type ApiResult<T> = readonly [true, T] | readonly [false, ApiError];

/** Fields of a multipart call: text, or a file. */
export type MultipartFields = Record<string, string | Blob | undefined>;

/** A multipart call without a body schema (an upload) takes its fields as they are. */
type RequestBody<N extends ApiName> = [ApiBody<N>] extends [never] ? (Api[N] extends { multipart: true } ? MultipartFields : never) : ApiBody<N>;

export type CallOptions<N extends ApiName> = {
  signal?: AbortSignal;
  /** Bearer token of the signed-in user, for calls that need one. */
  token?: string;
  /** Let the request outlive the page (a last save while the page is being closed). */
  keepalive?: boolean;
} & ([ApiParams<N>] extends [never] ? { params?: never } : { params: ApiParams<N> }) &
  ([RequestBody<N>] extends [never] ? { body?: never } : { body: RequestBody<N> });

type OptionsArg<N extends ApiName> = object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/** A failed call: HTTP status (null when no response arrived) and the server's problem+json if any. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number | null;
  readonly problem: Partial<Problem> | null;
  readonly aborted: boolean;

  constructor(input: { message: string; status: number | null; problem?: Partial<Problem> | null; aborted?: boolean; cause?: unknown }) {
    super(input.message, { cause: input.cause });
    this.status = input.status;
    this.problem = input.problem ?? null;
    this.aborted = input.aborted ?? false;
  }

  /** Field messages from a validation problem, keyed by the field name (`body.email` → `email`). */
  get fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const entry of this.problem?.errors ?? []) {
      const field = entry.path.split(/[./]/).filter(Boolean).at(-1);
      if (field && !(field in fields)) fields[field] = entry.message;
    }
    return fields;
  }
}

/** Calls a contract endpoint by name; the path and the response type come from the registry. */
export async function callApi<N extends ApiName>(name: N, ...[options]: OptionsArg<N>): Promise<ApiResult<ApiResponse<N>>> {
  const endpoint: Api[ApiName] = api[name];
  const opts = (options ?? {}) as { params?: Record<string, string>; body?: unknown; signal?: AbortSignal; token?: string; keepalive?: boolean };

  const multipart = 'multipart' in endpoint && endpoint.multipart === true;
  let response: Response;
  try {
    response = await fetch(env.apiBaseUrl + buildPath(endpoint.path, opts.params), {
      method: endpoint.method,
      headers: buildHeaders({ ...opts, json: opts.body !== undefined && !multipart }),
      body: encodeBody(opts.body, multipart),
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (cause) {
    const aborted = opts.signal?.aborted ?? false;
    return [false, new ApiError({ message: aborted ? 'Request cancelled' : 'Network error: the server could not be reached', status: null, aborted, cause })];
  }

  const body = await readJson(response);
  // A bearer call refused with 401 means the session ended (expired, revoked, signed out elsewhere).
  if (response.status === 401 && opts.token) endSession(opts.token);
  if (response.status !== 200) return [false, errorFrom(response, body)];
  if (!body.ok) return [false, new ApiError({ message: 'The server sent an unreadable response', status: response.status, cause: body.error })];

  const parsed = endpoint.response.safeParse(body.value);
  if (!parsed.success) {
    return [false, new ApiError({ message: 'The server sent an unexpected response', status: response.status, cause: parsed.error })];
  }
  return [true, parsed.data as ApiResponse<N>];
}

/** For TanStack Query: resolves with the data or throws the ApiError, so queries see a failure. */
export async function fetchApi<N extends ApiName>(name: N, ...args: OptionsArg<N>): Promise<ApiResponse<N>> {
  const [ok, data] = await callApi(name, ...args);
  if (!ok) throw data;
  return data;
}

/** The one query-key scheme: the call's name, then its parameters. */
export function apiQueryKey<N extends ApiName>(name: N, ...params: [ApiParams<N>] extends [never] ? [] : [ApiParams<N>]) {
  return [name, ...params] as const;
}

/** The signed-in viewer a call is made for, or null for a visitor. */
export type Viewer = { token: string; user: { _id: string } } | null;

/**
 * The scheme for calls that answer anyone but tailor the answer to a signed-in viewer (access
 * badges, signed links): the viewer is part of the key, so a visitor's answer is never reused for a
 * viewer, nor one viewer's for another.
 */
export function viewerQueryKey<N extends ApiName>(
  name: N,
  viewer: Viewer,
  ...params: [ApiParams<N>] extends [never] ? [] : [ApiParams<N>]
) {
  return [...apiQueryKey(name, ...params), { viewer: viewer?.user._id ?? null }] as const;
}

/**
 * The same scheme for bearer calls, with the signed-in user among the parameters, so one
 * viewer's cached answers are never shown to another.
 */
export function userQueryKey<N extends ApiName>(
  name: N,
  userId: string,
  ...params: [ApiParams<N>] extends [never] ? [] : [ApiParams<N>]
) {
  return [name, { ...(params[0] as Record<string, string> | undefined), user: userId }] as const;
}

/**
 * Whether a cached query belongs to the signed-in user: a bearer call, or a call that tailors its
 * answer to a viewer (`viewerQueryKey`) made for a signed-in one.
 */
export function isUserQueryKey(queryKey: readonly unknown[]): boolean {
  const name = queryKey[0];
  if (typeof name !== 'string' || !(name in api)) return false;
  const auth = (api[name as ApiName] as { auth?: string }).auth;
  if (auth === 'bearer') return true;
  const last = queryKey.at(-1);
  return auth === 'optional' && typeof last === 'object' && last !== null && (last as { viewer?: unknown }).viewer != null;
}

function buildHeaders(opts: { json: boolean; token?: string }): Headers {
  const headers = new Headers({ accept: 'application/json' });
  // Multipart bodies get their content type (with the boundary) from the browser.
  if (opts.json) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return headers;
}

function encodeBody(body: unknown, multipart: boolean): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (!multipart) return JSON.stringify(body);
  const form = new FormData();
  for (const [field, value] of Object.entries(body as MultipartFields)) {
    if (value !== undefined) form.append(field, value);
  }
  return form;
}

async function readJson(response: Response): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await response.json() };
  } catch (error) {
    return { ok: false, error };
  }
}

function errorFrom(response: Response, body: { ok: true; value: unknown } | { ok: false; error: unknown }): ApiError {
  const parsed = body.ok ? problem.partial().safeParse(body.value) : null;
  const details = parsed?.success ? parsed.data : null;
  const message = details?.message ?? details?.detail ?? (response.statusText || `Request failed with status ${response.status}`);
  return new ApiError({ message, status: response.status, problem: details });
}
