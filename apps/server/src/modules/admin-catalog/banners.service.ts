import type { BannerInput, bannerUpdate, CategoryLayout, Reorder } from '@marquee/contract/admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import type { Actor } from '../audit/audit.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';
import { categoryLayout } from './layout-view';
import * as layout from './layout.repository';
import { assertPermutation, assertUnchanged, assertVersion, listVersion } from './list-version';
import { requireCategory } from './rows.service';
import * as titles from './titles.repository';

/** A title's banner at the end of the category's carousel, showing the title's wide artwork. */
export async function createBanner(deps: CatalogDeps, input: { actor: Actor; categoryId: string; banner: BannerInput }): Promise<CategoryLayout> {
  const banner = input.banner as Required<BannerInput>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const category = await requireCategory(tx, input.categoryId);
    const title = await titles.findTitle(tx, banner.titleId);
    if (!title) throw new BadRequestError('Choose a title that exists', { field: 'titleId' });
    const created = await layout.insertBanner(tx, { categoryId: category.id, ...banner, image: title.horizontalBanner });
    return {
      result: await categoryLayout(tx, category.id),
      audit: { action: 'banner.create', entityType: 'banner', entityId: created.id, summary: `Added a banner of '${title.name}' to '${category.name}'`, after: banner },
    };
  });
}

export async function updateBanner(deps: CatalogDeps, input: { actor: Actor; id: string; update: z.input<typeof bannerUpdate> }): Promise<CategoryLayout> {
  const { updatedAt, ...fields } = input.update as z.output<typeof bannerUpdate>;
  return changeCatalog(deps, input.actor, async (tx) => {
    const current = await requireBanner(tx, input.id);
    assertUnchanged(current.updatedAt, updatedAt, 'banner');
    await layout.updateBanner(tx, current.id, fields);
    return {
      result: await categoryLayout(tx, current.categoryId),
      audit: { action: 'banner.update', entityType: 'banner', entityId: current.id, summary: 'Edited a banner', before: { origin: current.origin, isEnable: current.isEnable }, after: fields },
    };
  });
}

export async function deleteBanner(deps: CatalogDeps, input: { actor: Actor; id: string }): Promise<CategoryLayout> {
  return changeCatalog(deps, input.actor, async (tx) => {
    const current = await requireBanner(tx, input.id);
    await layout.deleteBanner(tx, current.id);
    return {
      result: await categoryLayout(tx, current.categoryId),
      audit: { action: 'banner.delete', entityType: 'banner', entityId: current.id, summary: 'Removed a banner', before: { titleId: current.titleId, origin: current.origin } },
    };
  });
}

export async function reorderBanners(deps: CatalogDeps, input: { actor: Actor; categoryId: string; order: Reorder }): Promise<CategoryLayout> {
  return changeCatalog(deps, input.actor, async (tx) => {
    const category = await requireCategory(tx, input.categoryId);
    const current = (await layout.bannersOf(tx, category.id)).map((b) => b.banner);
    assertVersion(listVersion(current), input.order.version);
    assertPermutation(
      current.map((b) => b.id),
      input.order.ids,
    );
    await layout.setPositions(tx, { table: 'banners', ids: input.order.ids });
    return {
      result: await categoryLayout(tx, category.id),
      audit: { action: 'banner.reorder', entityType: 'category', entityId: category.id, summary: `Reordered the banners of '${category.name}'`, before: { ids: current.map((b) => b.id) }, after: { ids: input.order.ids } },
    };
  });
}

async function requireBanner(db: Executor, id: string) {
  const banner = await layout.findBanner(db, id);
  if (!banner) throw new NotFoundError('Banner');
  return banner;
}
