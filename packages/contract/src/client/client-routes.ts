import type { Endpoint, HttpMethod } from '../endpoint';

/** What a browser needs to make a call: no schemas, so no zod in the viewer's bundle. */
export interface ClientRoute {
  method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  path: string;
  auth?: NonNullable<Endpoint['auth']>;
  multipart?: true;
}

/** The browser's table of a registry: each call's method, path, auth and multipart flag. */
export function clientRoutesOf(registry: Record<string, Endpoint>): Record<string, ClientRoute> {
  const routes: Record<string, ClientRoute> = {};
  for (const [name, { method, path, auth, multipart }] of Object.entries(registry)) {
    routes[name] = { method, path, ...(auth ? { auth } : {}), ...(multipart ? { multipart: true } : {}) };
  }
  return routes;
}

/** The source of `routes.ts`, written by `npm run contract:routes`. */
export function renderClientRoutes(registry: Record<string, Endpoint>): string {
  const lines = Object.entries(clientRoutesOf(registry)).map(([name, route]) => {
    const fields = Object.entries(route).map(([key, value]) => `${key}: ${typeof value === 'string' ? `'${value}'` : String(value)}`);
    return `  ${name}: { ${fields.join(', ')} },`;
  });
  return [
    '// Generated from the registry in ../api.ts by `npm run contract:routes`: do not edit.',
    "// apps/web/src/lib/api-routes.test.ts fails when it no longer matches the registry.",
    "import type { ApiName } from '../api';",
    "import type { ClientRoute } from './client-routes';",
    '',
    '/** Every public call as the browser makes it (method, path, auth), without the schemas. */',
    'export const apiRoutes = {',
    ...lines,
    '} as const satisfies Record<ApiName, ClientRoute>;',
    '',
  ].join('\n');
}
