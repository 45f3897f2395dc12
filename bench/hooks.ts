import { buildApp } from '@marquee/server/src/app';
import { openBenchDatabase } from './lib/bench-database';
const database = await openBenchDatabase();
const app = await buildApp({ config: database.config, db: database.handle.db });
app.addHook('onRoute', () => {});
await app.ready();
// find the route's context via hasRoute/findRoute
const r = (app as any).findRoute({ method: 'GET', url: '/user/category-data/:id' }); console.log(Object.keys(r ?? {}), Object.keys(r?.store ?? {}));
const ctx = r?.store ?? r;
for (const k of ['onRequest', 'preParsing', 'preValidation', 'preHandler', 'onSend', 'onResponse']) {
  const hooks = (r as any)[k] ?? ctx?.[k];
  console.log(k, (hooks ?? []).map((f: Function) => f.toString().slice(0, 160).replace(/\s+/g, ' ')));
}
await app.close(); await database.close();
