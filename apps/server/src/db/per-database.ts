import type { Executor } from './client';

/**
 * A prepared query built once per database and settings rather than on every request (the query
 * builder's work, and on the embedded database a named statement parsed and planned once).
 * `keyOf` names the settings that change the SQL.
 */
export function perDatabase<I, T>(build: (db: Executor, input: I) => T, keyOf: (input: I) => string): (db: Executor, input: I) => T {
  const built = new WeakMap<Executor, Map<string, T>>();
  return (db, input) => {
    let queries = built.get(db);
    if (!queries) built.set(db, (queries = new Map()));
    const key = keyOf(input);
    let query = queries.get(key);
    if (!query) queries.set(key, (query = build(db, input)));
    return query;
  };
}
