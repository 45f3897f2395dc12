import type { AdminCategory, CategoryLayout } from '@marquee/contract/admin';
import type { Executor } from '../../db/client';
import { NotFoundError } from '../../lib/domain-errors';
import * as layout from './layout.repository';
import { listVersion } from './list-version';
import { titleSummaries } from './title-view';

export async function categoryList(db: Executor): Promise<{ items: AdminCategory[]; version: string }> {
  const rows = await layout.listCategories(db);
  return { items: rows.map((r) => toCategory(r.category, r)), version: listVersion(rows.map((r) => r.category)) };
}

/** A category's rows and banners, every one with its titles, in a fixed number of queries. */
export async function categoryLayout(db: Executor, categoryId: string): Promise<CategoryLayout> {
  const category = await layout.findCategory(db, categoryId);
  if (!category) throw new NotFoundError('Category');
  const [rows, banners] = await Promise.all([layout.rowsOf(db, categoryId), layout.bannersOf(db, categoryId)]);
  const items = await layout.itemsOf(
    db,
    rows.map((r) => r.id),
  );
  const titles = [...new Map([...items.map((i) => i.title), ...banners.map((b) => b.title)].map((t) => [t.id, t])).values()];
  const summaries = new Map((await titleSummaries(db, titles)).map((s) => [s._id, s]));
  return {
    category: toCategory(category, { rowCount: rows.length, bannerCount: banners.length }),
    rows: rows.map((row) => {
      const own = items.filter((i) => i.rowId === row.id);
      return {
        _id: row.id,
        name: row.name,
        imageType: row.imageType,
        isEnable: row.isEnable,
        titles: own.map((i) => summaries.get(i.title.id)!),
        titlesVersion: listVersion(own.map((i) => i.title)),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
    rowsVersion: listVersion(rows),
    banners: banners.map(({ banner, title }) => ({
      _id: banner.id,
      origin: banner.origin,
      image: banner.image,
      isEnable: banner.isEnable,
      title: summaries.get(title.id)!,
      updatedAt: banner.updatedAt.toISOString(),
    })),
    bannersVersion: listVersion(banners.map((b) => b.banner)),
  };
}

function toCategory(category: layout.CategoryRow, counts: { rowCount: number; bannerCount: number }): AdminCategory {
  return {
    _id: category.id,
    name: category.name,
    isEnable: category.isEnable,
    rowCount: counts.rowCount,
    bannerCount: counts.bannerCount,
    updatedAt: category.updatedAt.toISOString(),
  };
}
