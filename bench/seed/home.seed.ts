import { fixtures } from '@marquee/server/test/fixtures';
import type { DatabaseHandle } from '@marquee/server/src/db/client';

export interface HomeShape {
  categories: number;
  rowsPerCategory: number;
  itemsPerRow: number;
  bannersPerCategory: number;
}

export const DEFAULT_HOME: HomeShape = { categories: 4, rowsPerCategory: 6, itemsPerRow: 12, bannersPerCategory: 3 };

const CATEGORY_NAMES = ['Home', 'Movies', 'Series', 'Kids', 'Documentaries', 'Classics'];
const IMAGE_TYPES = ['Horizontal', 'Vertical', 'Long Horizontal'] as const;

/**
 * Categories with rows of titles and banners, over titles already in the catalogue. Rows take
 * titles in slug order, each from a different stretch, as an editor's rows rarely share titles.
 * Returns the category ids in position order.
 */
export async function seedHome({ handle, shape = DEFAULT_HOME }: { handle: DatabaseHandle; shape?: HomeShape }): Promise<string[]> {
  const needed = shape.categories * (shape.rowsPerCategory * shape.itemsPerRow + shape.bannersPerCategory);
  const { rows: picked } = await handle.pool.query<{ id: string }>('select id from titles order by slug limit $1', [needed]);
  if (picked.length < needed) throw new Error(`The home page needs ${needed} titles; the catalogue has ${picked.length}`);
  const ids = picked.map((t) => t.id);
  const take = (n: number) => ids.splice(0, n);

  const make = fixtures(handle.db);
  const categoryIds: string[] = [];
  for (let c = 0; c < shape.categories; c += 1) {
    const category = await make.category({ name: CATEGORY_NAMES[c] ?? `Category ${c + 1}`, position: c });
    categoryIds.push(category.id);
    for (let r = 0; r < shape.rowsPerCategory; r += 1) {
      const imageType = IMAGE_TYPES[r % IMAGE_TYPES.length]!;
      await make.row({ categoryId: category.id, titleIds: take(shape.itemsPerRow), imageType, position: r, name: `Row ${r + 1}` });
    }
    for (const [position, titleId] of take(shape.bannersPerCategory).entries()) {
      await make.banner({ categoryId: category.id, titleId, position });
    }
  }
  return categoryIds;
}
