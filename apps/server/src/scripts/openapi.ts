/** `npm run docs:api`: writes the OpenAPI document generated from the contract to docs/api/openapi.json. */
import { writeFile } from 'node:fs/promises';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { openApiPath, renderOpenApi } from './openapi-render';

const database = await openDatabase({ kind: 'embedded', dataDir: undefined });
try {
  const app = await buildApp({ config: { ...loadConfig({ LOG_LEVEL: 'silent' }), seedDemo: false }, db: database.db });
  await writeFile(openApiPath, await renderOpenApi(app));
  await app.close();
  process.stdout.write(`Wrote ${openApiPath}\n`);
} finally {
  await database.close();
}
