import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

export const openApiPath = fileURLToPath(new URL('../../../../docs/api/openapi.json', import.meta.url));

/** The OpenAPI document as committed: stable key order, two-space indent, trailing newline. */
export async function renderOpenApi(app: FastifyInstance): Promise<string> {
  await app.ready();
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
