import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import * as banners from './banners.service';
import type { CatalogDeps } from './catalog-change';
import * as categories from './categories.service';
import * as rows from './rows.service';

export async function adminLayoutRoutes(app: FastifyInstance): Promise<void> {
  const deps: CatalogDeps = { db: app.db };
  route(app, adminApi.categories, () => categories.listCategories(deps));
  route(app, adminApi.createCategory, ({ viewer, body }) => categories.createCategory(deps, { actor: actorOf(viewer), category: body }));
  route(app, adminApi.updateCategory, ({ viewer, params, body }) => categories.updateCategory(deps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.reorderCategories, ({ viewer, body }) => categories.reorderCategories(deps, { actor: actorOf(viewer), order: body }));
  route(app, adminApi.categoryLayout, ({ params }) => rows.getLayout(deps, params.id));
  route(app, adminApi.createRow, ({ viewer, params, body }) => rows.createRow(deps, { actor: actorOf(viewer), categoryId: params.id, row: body }));
  route(app, adminApi.updateRow, ({ viewer, params, body }) => rows.updateRow(deps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.deleteRow, ({ viewer, params }) => rows.deleteRow(deps, { actor: actorOf(viewer), id: params.id }));
  route(app, adminApi.setRowTitles, ({ viewer, params, body }) => rows.setRowTitles(deps, { actor: actorOf(viewer), rowId: params.id, order: body }));
  route(app, adminApi.reorderRows, ({ viewer, params, body }) => rows.reorderRows(deps, { actor: actorOf(viewer), categoryId: params.id, order: body }));
  route(app, adminApi.createBanner, ({ viewer, params, body }) => banners.createBanner(deps, { actor: actorOf(viewer), categoryId: params.id, banner: body }));
  route(app, adminApi.updateBanner, ({ viewer, params, body }) => banners.updateBanner(deps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.deleteBanner, ({ viewer, params }) => banners.deleteBanner(deps, { actor: actorOf(viewer), id: params.id }));
  route(app, adminApi.reorderBanners, ({ viewer, params, body }) =>
    banners.reorderBanners(deps, { actor: actorOf(viewer), categoryId: params.id, order: body }),
  );
}
