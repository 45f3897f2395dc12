import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client';

describe('the embedded database connection', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
  });

  // `npm run feeds:sync` printed pg's DeprecationWarning whenever a query opened a new connection.
  it('opens a connection for a query without a warning from the driver', async () => {
    const warnings: string[] = [];
    const listener = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', listener);
    try {
      handle = await openDatabase({ kind: 'embedded', dataDir: undefined });
      // The first statement goes through the pool's query(), which connects and queries at once.
      const { rows } = await handle.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(rows).toEqual([{ one: 1 }]);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', listener);
    }
    expect(warnings).toEqual([]);
  });
});
