// `npm start`: builds the web app when needed, then runs the server (which migrates, seeds the
// demo catalogue on an empty database and prints the URL).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfStale, mediaCacheDir, repoRoot } from './web-build.mjs';

buildWebIfStale();
const server = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/server.ts')], {
  stdio: 'inherit',
  // A second fresh start copies the demo media instead of encoding it again.
  env: { ...process.env, MEDIA_CACHE_DIR: mediaCacheDir },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
