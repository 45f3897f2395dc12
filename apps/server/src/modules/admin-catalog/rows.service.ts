import type { CategoryLayout, Reorder, RowInput, rowUpdate } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import type { Actor } from '../audit/audit.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import { categoryLayout } from './layout-view';
import * as layout from './layout.repository';
import { assertPermutation, assertUnchanged, assertVersion, listVersion } from './list-version';

export const getLayout = (deps: CatalogDeps, categoryId: string) => categoryLayout(deps.db, categoryId);

export async function createRow(deps: CatalogDeps, input: { actor: Actor; categoryId: string; row: RowInput }): Promise<CategoryLayout> {
  const row = input.row as Required<RowInput>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const category = await requireCategory(tx, input.categoryId);
    const created = await layout.insertRow(tx, { categoryId: category.id, ...row });
    return {
      result: await categoryLayout(tx, category.id),
      audit: { action: 'row.create', entityType: 'row', entityId: created.id, summary: `Added row '${row.name}' to '${category.name}'`, after: row },
    };
  });
}

export async function updateRow(deps: CatalogDeps, input: { actor: Actor; id: string; update: z.input<typeof rowUpdate> }): Promise<CategoryLayout> {
  const { updatedAt, ...fields } = input.update as z.output<typeof rowUpdate>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const current = await requireRow(tx, input.id);
    assertUnchanged(current.updatedAt, updatedAt, 'row');
    await layout.updateRow(tx, current.id, fields);
    return {
      result: await categoryLayout(tx, current.categoryId),
      audit: {
        action: 'row.update',
        entityType: 'row',
        entityId: current.id,
        summary: `Edited row '${fields.name}'`,
        before: { name: current.name, imageType: current.imageType, isEnable: current.isEnable },
        after: fields,
      },
    };
  });
}

export async function deleteRow(deps: CatalogDeps, input: { actor: Actor; id: string }): Promise<CategoryLayout> {
  return changeCatalog(deps, input.actor, async (tx) => {
    const current = await requireRow(tx, input.id);
    await layout.deleteRow(tx, current.id);
    return {
      result: await categoryLayout(tx, current.categoryId),
      audit: { action: 'row.delete', entityType: 'row', entityId: current.id, summary: `Removed row '${current.name}'`, before: { name: current.name, imageType: current.imageType } },
    };
  });
}

/** The titles of a row, in the order the editor arranged them, if the row is as they saw it. */
export async function setRowTitles(deps: CatalogDeps, input: { actor: Actor; rowId: string; order: Reorder }): Promise<CategoryLayout> {
  const ids = input.order.ids;
  if (new Set(ids).size !== ids.length) throw new BadRequestError('A title can be in a row only once', { field: 'ids' });
  return changeCatalog(deps, input.actor, async (tx) => {
    const row = await requireRow(tx, input.rowId);
    const before = (await layout.itemsOf(tx, [row.id])).map((i) => i.title.id);
    assertVersion(listVersion(before.map((id) => ({ id }))), input.order.version);
    const known = await layout.existingTitleIds(tx, ids);
    if (known.length !== ids.length) throw new BadRequestError('Some of these titles no longer exist', { field: 'ids' });
    await layout.setRowItems(tx, { rowId: row.id, titleIds: ids });
    return {
      result: await categoryLayout(tx, row.categoryId),
      audit: { action: 'row.titles', entityType: 'row', entityId: row.id, summary: `Set the titles of row '${row.name}' (${ids.length})`, before: { ids: before }, after: { ids } },
    };
  });
}

export async function reorderRows(deps: CatalogDeps, input: { actor: Actor; categoryId: string; order: Reorder }): Promise<CategoryLayout> {
  return changeCatalog(deps, input.actor, async (tx) => {
    const category = await requireCategory(tx, input.categoryId);
    const rows = await layout.rowsOf(tx, category.id);
    assertVersion(listVersion(rows), input.order.version);
    assertPermutation(
      rows.map((r) => r.id),
      input.order.ids,
    );
    await layout.setPositions(tx, { table: 'rows', ids: input.order.ids });
    return {
      result: await categoryLayout(tx, category.id),
      audit: { action: 'row.reorder', entityType: 'category', entityId: category.id, summary: `Reordered the rows of '${category.name}'`, before: { ids: rows.map((r) => r.id) }, after: { ids: input.order.ids } },
    };
  });
}

/** The category, locked: changes to its rows and banners wait for each other. */
export async function requireCategory(db: Executor, id: string) {
  const category = await layout.findCategory(db, id, { lock: true });
  if (!category) throw new NotFoundError('Category');
  return category;
}

async function requireRow(db: Executor, id: string) {
  const row = await layout.findRow(db, id);
  if (!row) throw new NotFoundError('Row');
  return row;
}
