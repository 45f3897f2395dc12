import { z } from 'zod';
import { bannerOrigin, imageType } from '../catalog';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { adminTitleSummary, reorder } from './titles';

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`)
    .regex(/^[^\p{Cc}<>]*$/u, `${label} must not contain control characters or angle brackets`);

const version = { updatedAt: z.string() };

export const adminCategory = z.object({ _id: id, name: z.string(), isEnable: z.boolean(), rowCount: z.number().int(), bannerCount: z.number().int(), ...version });
export type AdminCategory = z.infer<typeof adminCategory>;
export const adminCategories = z.object({ items: z.array(adminCategory), version: z.string() });

export const adminRow = z.object({
  _id: id,
  name: z.string(),
  imageType,
  isEnable: z.boolean(),
  titles: z.array(adminTitleSummary),
  /** The version of this row's title list, for reordering it. */
  titlesVersion: z.string(),
  ...version,
});
export type AdminRow = z.infer<typeof adminRow>;

export const adminBanner = z.object({
  _id: id,
  origin: bannerOrigin,
  image: z.string(),
  isEnable: z.boolean(),
  title: adminTitleSummary,
  ...version,
});
export type AdminBanner = z.infer<typeof adminBanner>;

/** A category's rows and banners as the home page shows them, in order, disabled ones included. */
export const categoryLayout = z.object({
  category: adminCategory,
  rows: z.array(adminRow),
  rowsVersion: z.string(),
  banners: z.array(adminBanner),
  bannersVersion: z.string(),
});
export type CategoryLayout = z.infer<typeof categoryLayout>;

export const categoryInput = z.object({ name: name('Name'), isEnable: z.boolean().default(true) });
export type CategoryInput = z.input<typeof categoryInput>;
export const categoryUpdate = categoryInput.extend(version);

export const rowInput = z.object({ name: name('Name'), imageType: imageType.default('Horizontal'), isEnable: z.boolean().default(true) });
export type RowInput = z.input<typeof rowInput>;
export const rowUpdate = rowInput.extend(version);

export const bannerInput = z.object({ titleId: id, origin: bannerOrigin.default('Image'), isEnable: z.boolean().default(true) });
export type BannerInput = z.input<typeof bannerInput>;
export const bannerUpdate = z.object({ origin: bannerOrigin, isEnable: z.boolean(), ...version });

const byId = z.object({ id });
const tags = ['admin: layout'];

export const layoutEndpoints = {
  categories: adminEndpoint({ method: 'GET', path: '/admin/api/categories', summary: 'Every category, in order', tags, roles: can.readCatalog, response: adminCategories }),
  createCategory: adminEndpoint({ method: 'POST', path: '/admin/api/categories', summary: 'Add a category at the end', tags, roles: can.editCatalog, body: categoryInput, response: adminCategory }),
  updateCategory: adminEndpoint({ method: 'PUT', path: '/admin/api/categories/:id', summary: 'Rename, enable or disable a category', tags, roles: can.editCatalog, params: byId, body: categoryUpdate, response: adminCategory }),
  reorderCategories: adminEndpoint({ method: 'PUT', path: '/admin/api/category-order', summary: 'Put the categories in the given order; 409 if the list changed meanwhile', tags, roles: can.editCatalog, body: reorder, response: adminCategories }),
  categoryLayout: adminEndpoint({ method: 'GET', path: '/admin/api/categories/:id/layout', summary: "A category's banners and rows", tags, roles: can.readCatalog, params: byId, response: categoryLayout }),
  createRow: adminEndpoint({ method: 'POST', path: '/admin/api/categories/:id/rows', summary: 'Add a row at the end of a category', tags, roles: can.editCatalog, params: byId, body: rowInput, response: categoryLayout }),
  updateRow: adminEndpoint({ method: 'PUT', path: '/admin/api/rows/:id', summary: "Rename a row, change its card type, enable or disable it", tags, roles: can.editCatalog, params: byId, body: rowUpdate, response: categoryLayout }),
  deleteRow: adminEndpoint({ method: 'DELETE', path: '/admin/api/rows/:id', summary: 'Remove a row (its titles stay in the catalogue)', tags, roles: can.editCatalog, params: byId, response: categoryLayout }),
  setRowTitles: adminEndpoint({ method: 'PUT', path: '/admin/api/rows/:id/titles', summary: "Set a row's titles, in order; 409 if the row changed meanwhile", tags, roles: can.editCatalog, params: byId, body: reorder, response: categoryLayout }),
  reorderRows: adminEndpoint({ method: 'PUT', path: '/admin/api/categories/:id/row-order', summary: "Put a category's rows in the given order; 409 if they changed meanwhile", tags, roles: can.editCatalog, params: byId, body: reorder, response: categoryLayout }),
  createBanner: adminEndpoint({ method: 'POST', path: '/admin/api/categories/:id/banners', summary: "Add a title's banner at the end of a category's carousel", tags, roles: can.editCatalog, params: byId, body: bannerInput, response: categoryLayout }),
  updateBanner: adminEndpoint({ method: 'PUT', path: '/admin/api/banners/:id', summary: 'Switch a banner between image and trailer, enable or disable it', tags, roles: can.editCatalog, params: byId, body: bannerUpdate, response: categoryLayout }),
  deleteBanner: adminEndpoint({ method: 'DELETE', path: '/admin/api/banners/:id', summary: 'Remove a banner', tags, roles: can.editCatalog, params: byId, response: categoryLayout }),
  reorderBanners: adminEndpoint({ method: 'PUT', path: '/admin/api/categories/:id/banner-order', summary: "Put a category's banners in the given order; 409 if they changed meanwhile", tags, roles: can.editCatalog, params: byId, body: reorder, response: categoryLayout }),
};
