import type { Database, Executor } from '../../db/client';
import { recordAudit, type Actor, type AuditInput } from '../audit/audit.service';

export interface CatalogDeps {
  db: Database;
}

export type CatalogAudit = Omit<AuditInput, 'actor'>;

/**
 * Every change the console makes to what viewers see (titles, episodes, artwork, categories, rows,
 * banners, plans, site settings) runs through here: in one transaction with its audit entry, so a
 * refused or failed change leaves nothing half-saved. Viewers' pages read the tables directly, so
 * the change shows on their next load; a cache of catalogue reads would be invalidated here, once,
 * after the commit.
 */
export async function changeCatalog<T>(
  deps: CatalogDeps,
  actor: Actor,
  change: (tx: Executor) => Promise<{ result: T; audit: CatalogAudit | null }>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const { result, audit } = await change(tx);
    if (audit) await recordAudit(tx, { actor, ...audit });
    return result;
  });
}
