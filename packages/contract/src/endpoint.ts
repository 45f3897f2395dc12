import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Operator roles (behaviour.md §10): admin does everything, editor the catalogue and media, support viewers and money. */
export type StaffRole = 'admin' | 'editor' | 'support';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  /** Query-string parameters (filters, paging). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /**
   * 'bearer': needs `Authorization: Bearer <session token>`. 'optional': answers anonymous callers
   * too, but a session token, when sent, makes the answer the viewer's own (access badges, links).
   * 'staff': a session whose account has one of `roles` (401 without a session, 403 without the role).
   */
  auth?: 'bearer' | 'optional' | 'staff';
  /** The roles a 'staff' endpoint admits, checked by the server on every call. */
  roles?: readonly StaffRole[];
  /** The body arrives as multipart/form-data (fields become body properties). */
  multipart?: boolean;
  response: z.ZodType;
}

export const endpoint = <E extends Endpoint>(e: E): E => e;

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
/** What a call answers, as the client reads it. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;
/** Path parameters of a call, as the client passes them. */
export type EndpointParams<E> = InputOf<E extends { params: infer P } ? P : never>;
/** Query-string parameters of a call, as the client passes them. */
export type EndpointQuery<E> = InputOf<E extends { query: infer Q } ? Q : never>;
/** Request body of a call, as the client sends it. */
export type EndpointBody<E> = InputOf<E extends { body: infer B } ? B : never>;
