import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Operator roles (PRODUCT.md §2): admin does everything, editor the catalogue and media, support viewers and money. */
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
