import type { AdminCategory, CategoryInput, categoryUpdate, Reorder } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import { uniqueViolation } from '../../lib/unique-violation';
import type { Actor } from '../audit/audit.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import { categoryList } from './layout-view';
import * as layout from './layout.repository';
import { assertPermutation, assertUnchanged, assertVersion, listVersion } from './list-version';

export const listCategories = (deps: CatalogDeps) => categoryList(deps.db);

/** A new category goes last in the category bar. */
export async function createCategory(deps: CatalogDeps, input: { actor: Actor; category: CategoryInput }): Promise<AdminCategory> {
  const category = input.category as Required<CategoryInput>;
  return withNameCheck(category.name, () =>
    changeCatalog(deps, input.actor, async (tx) => {
      await layout.lockCategoryList(tx);
      await assertNameFree(tx, { name: category.name });
      const created = await layout.insertCategory(tx, category);
      return {
        result: await categoryOf(tx, created.id),
        audit: { action: 'category.create', entityType: 'category', entityId: created.id, summary: `Created category '${created.name}'`, after: category },
      };
    }),
  );
}

export async function updateCategory(deps: CatalogDeps, input: { actor: Actor; id: string; update: z.input<typeof categoryUpdate> }): Promise<AdminCategory> {
  const { updatedAt, ...fields } = input.update as z.output<typeof categoryUpdate>;
  return withNameCheck(fields.name, () =>
    changeCatalog(deps, input.actor, async (tx) => {
      const current = await layout.findCategory(tx, input.id, { lock: true });
      if (!current) throw new NotFoundError('Category');
      assertUnchanged(current.updatedAt, updatedAt, 'category');
      await assertNameFree(tx, { name: fields.name, except: current.id });
      await layout.updateCategory(tx, current.id, fields);
      return {
        result: await categoryOf(tx, current.id),
        audit: {
          action: 'category.update',
          entityType: 'category',
          entityId: current.id,
          summary: current.name === fields.name ? `Edited category '${current.name}'` : `Renamed category '${current.name}' to '${fields.name}'`,
          before: { name: current.name, isEnable: current.isEnable },
          after: fields,
        },
      };
    }),
  );
}

export async function reorderCategories(deps: CatalogDeps, input: { actor: Actor; order: Reorder }) {
  return changeCatalog(deps, input.actor, async (tx) => {
    await layout.lockCategoryList(tx);
    const current = (await layout.listCategories(tx)).map((r) => r.category);
    assertVersion(listVersion(current), input.order.version);
    assertPermutation(
      current.map((c) => c.id),
      input.order.ids,
    );
    await layout.setPositions(tx, { table: 'categories', ids: input.order.ids });
    return {
      result: await categoryList(tx),
      audit: { action: 'category.reorder', entityType: 'category', entityId: null, summary: 'Reordered the categories', before: { ids: current.map((c) => c.id) }, after: { ids: input.order.ids } },
    };
  });
}

async function categoryOf(db: Executor, id: string): Promise<AdminCategory> {
  return (await categoryList(db)).items.find((c) => c._id === id)!;
}

async function assertNameFree(db: Executor, input: { name: string; except?: string }) {
  if (await layout.categoryNameTaken(db, input)) throw nameConflict(input.name);
}

async function withNameCheck<T>(name: string, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (uniqueViolation(error) === 'categories_name_unique') throw nameConflict(name);
    throw error;
  }
}

const nameConflict = (name: string) => new ConflictError(`There is already a category named '${name}'`, { field: 'name' });
