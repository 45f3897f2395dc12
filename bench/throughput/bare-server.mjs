// The ceiling the catalogue is measured against: a bare Fastify process (no plugins, no hooks, no
// database, no serialiser) answering GET /bare/<name> with the exact bytes the app answered for that
// endpoint, read once from <dir>/<name>.json. Plain JavaScript, started with `node` alone, so the
// baseline pays nothing the app's process would not.
// Usage: node bare-server.mjs <dir>   (prints "LISTENING http://127.0.0.1:<port>")
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';

const dir = process.argv[2];
if (!dir) throw new Error('usage: node bare-server.mjs <dir>');
const bodies = new Map(
  readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.slice(0, -'.json'.length), readFileSync(join(dir, file))]),
);

const app = Fastify({ logger: false });
app.get('/bare/:name', (request, reply) => {
  const body = bodies.get(request.params.name);
  if (!body) return reply.code(404).send();
  return reply.type('application/json; charset=utf-8').send(body);
});
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`LISTENING ${origin}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
