import type { Api, ApiBody, ApiName, ApiParams, ApiQuery, ApiResponse, Problem } from '@marquee/contract';
import { apiRoutes, buildPath, type ClientRoute } from '@marquee/contract/client';
import { env } from '@/config/env';
import { endSession } from './session-store';

/** behaviour.md §7: every call answers with a pair, `[true, data]` only on HTTP 200. */
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
} & ([ApiQuery<N>] extends [never] ? { query?: never } : { query?: ApiQuery<N> }) &
  ([ApiParams<N>] extends [never] ? { params?: never } : { params: ApiParams<N> }) &
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

/** Calls a contract endpoint by name; the path comes from the route table, the response type from the registry. */
export async function callApi<N extends ApiName>(name: N, ...[options]: OptionsArg<N>): Promise<ApiResult<ApiResponse<N>>> {
  const result = await callEndpoint(apiRoutes[name], (options ?? {}) as EndpointCallOptions);
  if (!result[0] || !import.meta.env.DEV) return result as ApiResult<ApiResponse<N>>;
  return checkedInDevelopment(name, result[1]);
}

/** Options of a call, once their types have been checked against the registry the call belongs to. */
export type EndpointCallOptions = {
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  token?: string;
  keepalive?: boolean;
};

/**
 * A response schema, when the caller has one at hand: the operators' console passes its registry's
 * entries (its own lazy chunk may carry zod), and every answer is then parsed with them.
 */
type ResponseSchema = { safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown } };

/**
 * Calls one endpoint: a route of the zod-free table, or a registry entry with its response schema.
 * The server serialises every answer with the contract's schema, so viewers' calls trust it.
 */
export async function callEndpoint(endpoint: ClientRoute & { response?: ResponseSchema }, opts: EndpointCallOptions): Promise<ApiResult<unknown>> {
  const multipart = endpoint.multipart === true;
  let response: Response;
  try {
    response = await fetch(env.apiBaseUrl + buildPath(endpoint.path, opts.params) + queryString(opts.query), {
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
  return endpoint.response ? parsedWith(endpoint.response, body.value, response.status) : [true, body.value];
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

/** Stands in for the viewer of a query that stays disabled while nobody is signed in. */
export const SIGNED_OUT: NonNullable<Viewer> = { token: '', user: { _id: '' } };

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
  // The console's answers (features/admin) are all made for the signed-in operator.
  if (name === 'admin') return true;
  if (typeof name !== 'string' || !Object.hasOwn(apiRoutes, name)) return false;
  const auth = (apiRoutes[name as ApiName] as ClientRoute).auth;
  if (auth === 'bearer') return true;
  const last = queryKey.at(-1);
  return auth === 'optional' && typeof last === 'object' && last !== null && (last as { viewer?: unknown }).viewer != null;
}

function queryString(query: Record<string, string | undefined> | undefined): string {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : '';
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
  const details = body.ok ? problemOf(body.value) : null;
  const message = details?.message ?? details?.detail ?? (response.statusText || `Request failed with status ${response.status}`);
  return new ApiError({ message, status: response.status, problem: details });
}

/** The problem+json fields an error body carries, each kept only when it has its contract type. */
function problemOf(value: unknown): Partial<Problem> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const body = value as Record<string, unknown>;
  const details: Partial<Problem> = {};
  for (const key of ['type', 'title', 'detail', 'message'] as const) if (typeof body[key] === 'string') details[key] = body[key];
  if (typeof body.status === 'number' && Number.isInteger(body.status)) details.status = body.status;
  if (Array.isArray(body.errors) && body.errors.every(isFieldError)) details.errors = body.errors;
  if (Array.isArray(body.streams) && body.streams.every(isActiveStream)) details.streams = body.streams;
  return details;
}

function isActiveStream(entry: unknown): entry is NonNullable<Problem['streams']>[number] {
  const stream = entry as Record<string, unknown> | null;
  if (typeof stream !== 'object' || stream === null || typeof stream.current !== 'boolean') return false;
  return (['_id', 'device', 'title', 'startedAt'] as const).every((field) => typeof stream[field] === 'string');
}

function isFieldError(entry: unknown): entry is { path: string; message: string } {
  const fields = entry as { path?: unknown; message?: unknown } | null;
  return typeof fields === 'object' && fields !== null && typeof fields.path === 'string' && typeof fields.message === 'string';
}

function parsedWith(schema: ResponseSchema, value: unknown, status: number): ApiResult<unknown> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [true, parsed.data];
  return [false, new ApiError({ message: 'The server sent an unexpected response', status, cause: parsed.error })];
}

/**
 * In development and tests every answer is also parsed with the contract, so a server that drifts
 * from it fails loudly there. The registry (and zod) start loading with this module; production
 * builds drop both this and the import, so viewers download neither.
 */
const devContract = import.meta.env.DEV ? import('@marquee/contract') : null;

async function checkedInDevelopment<N extends ApiName>(name: N, value: unknown): Promise<ApiResult<ApiResponse<N>>> {
  const { api } = await devContract!;
  return parsedWith(api[name].response, value, 200) as ApiResult<ApiResponse<N>>;
}
