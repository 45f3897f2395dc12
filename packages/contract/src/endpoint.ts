import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  summary: string;
  tags: string[];
  params?: z.ZodObject;
  body?: z.ZodType;
  /**
   * 'bearer': needs `Authorization: Bearer <session token>`. 'optional': answers anonymous callers
   * too, but a session token, when sent, makes the answer the viewer's own (access badges, links).
   */
  auth?: 'bearer' | 'optional';
  /** The body arrives as multipart/form-data (fields become body properties). */
  multipart?: boolean;
  response: z.ZodType;
}

export const endpoint = <E extends Endpoint>(e: E): E => e;

