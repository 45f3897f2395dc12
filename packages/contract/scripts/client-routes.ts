// Writes src/client/routes.ts, the zod-free table of public calls the web app ships.
import { writeFileSync } from 'node:fs';
import { api } from '../src/api';
import { renderClientRoutes } from '../src/client/client-routes';

writeFileSync(new URL('../src/client/routes.ts', import.meta.url), renderClientRoutes(api));
