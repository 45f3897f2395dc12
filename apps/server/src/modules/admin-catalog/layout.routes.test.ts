import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, banners, contentRows, rowItems } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { fixtures } from '../../../test/fixtures';
import { asStaff, consoleEnv, staffSessions } from '../../../test/staff';

let ctx: TestContext;
let editor: ReturnType<typeof asStaff>;
let films: { id: string; name: string }[];
beforeAll(async () => {
  ctx = await createTestContext(consoleEnv);
  editor = asStaff(ctx, (await staffSessions(ctx)).editor);
  const make = fixtures(ctx.db);
  films = [await make.title({ name: 'Alpha' }), await make.title({ name: 'Bravo' }), await make.title({ name: 'Charlie' })];
});
afterAll(() => ctx.close());

const homepage = async () => (await ctx.app.inject('/user/homepage')).json().map((c: { name: string }) => c.name);
const viewerData = async (id: string) => (await ctx.app.inject(`/user/category-data/${id}`)).json();
const snapshot = async () => ({
  rows: await ctx.db.select().from(contentRows),
  items: await ctx.db.select().from(rowItems),
  banners: await ctx.db.select().from(banners),
  audit: (await ctx.db.select().from(auditEntries)).length,
});

describe('categories', () => {
  it('creates, renames, disables and reorders; the category bar follows', async () => {
    const home = (await editor.post('/admin/api/categories', { name: 'Home' })).json();
    const kids = (await editor.post('/admin/api/categories', { name: 'Kids' })).json();
    expect(await homepage()).toEqual(['Home', 'Kids']);

    const list = (await editor.get('/admin/api/categories')).json();
    expect((await editor.put('/admin/api/category-order', { ids: [kids._id, home._id], version: list.version })).statusCode).toBe(200);
    expect(await homepage()).toEqual(['Kids', 'Home']);

    // A rename does not conflict with the reorder made since `kids` was read...
    expect((await editor.put(`/admin/api/categories/${kids._id}`, { name: 'Family', isEnable: false, updatedAt: kids.updatedAt })).statusCode).toBe(200);
    expect(await homepage()).toEqual(['Home']);
    // ...but a second edit from the same old copy would undo the first, and is refused.
    const again = await editor.put(`/admin/api/categories/${kids._id}`, { name: 'Children', isEnable: true, updatedAt: kids.updatedAt });
    expect(again.statusCode).toBe(409);
    expect(await homepage()).toEqual(['Home']);

    const taken = await editor.post('/admin/api/categories', { name: 'home' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'body.name', message: "There is already a category named 'home'" }]);
    const stale = await editor.put('/admin/api/category-order', { ids: [home._id, kids._id], version: list.version });
    expect(stale.statusCode).toBe(409);
  });
});

describe('rows and banners', () => {
  it('builds a category page: rows with titles and card types, banners, in the order dragged', async () => {
    const category = (await editor.post('/admin/api/categories', { name: 'Movies' })).json();
    await editor.post(`/admin/api/categories/${category._id}/rows`, { name: 'New', imageType: 'Vertical' });
    let layout = (await editor.post(`/admin/api/categories/${category._id}/rows`, { name: 'Popular' })).json();
    const [row1, row2] = layout.rows;
    layout = (await editor.put(`/admin/api/rows/${row1._id}/titles`, { ids: [films[2]!.id, films[0]!.id], version: row1.titlesVersion })).json();
    await editor.put(`/admin/api/categories/${category._id}/row-order`, { ids: [row2._id, row1._id], version: layout.rowsVersion });
    await editor.post(`/admin/api/categories/${category._id}/banners`, { titleId: films[1]!.id, origin: 'Video' });
    layout = (await editor.post(`/admin/api/categories/${category._id}/banners`, { titleId: films[0]!.id })).json();
    const [b1, b2] = layout.banners;
    layout = (await editor.put(`/admin/api/categories/${category._id}/banner-order`, { ids: [b2._id, b1._id], version: layout.bannersVersion })).json();

    const data = await viewerData(category._id);
    expect(data.subcategories.map((r: { name: string }) => r.name)).toEqual(['Popular', 'New']);
    const newRow = data.subcategories.find((r: { name: string }) => r.name === 'New');
    expect(newRow).toMatchObject({ imageType: 'Vertical' });
    expect(newRow.content.map((c: { item: { name: string } }) => c.item.name)).toEqual(['Charlie', 'Alpha']);
    expect(data.banners.map((b: { link: { item: { name: string } } }) => b.link.item.name)).toEqual(['Alpha', 'Bravo']);

    const popular = layout.rows.find((r: { name: string }) => r.name === 'Popular');
    layout = (await editor.put(`/admin/api/rows/${popular._id}`, { name: 'Most Popular', imageType: 'Long Horizontal', isEnable: true, updatedAt: popular.updatedAt })).json();
    const edited = layout.rows.find((r: { _id: string }) => r._id === popular._id);
    await editor.put(`/admin/api/rows/${popular._id}/titles`, { ids: [films[1]!.id], version: edited.titlesVersion });
    const after = await viewerData(category._id);
    expect(after.subcategories.map((r: { name: string; imageType: string }) => `${r.name}/${r.imageType}`)).toEqual(['Most Popular/Long Horizontal', 'New/Vertical']);

    const banner = layout.banners[0];
    await editor.put(`/admin/api/banners/${banner._id}`, { origin: 'Image', isEnable: false, updatedAt: banner.updatedAt });
    expect((await viewerData(category._id)).banners).toHaveLength(1);
    await editor.delete(`/admin/api/rows/${popular._id}`);
    expect((await viewerData(category._id)).subcategories.map((r: { name: string }) => r.name)).toEqual(['New']);
  });

  it('refuses stale, duplicate and unknown lists, changing nothing', async () => {
    const category = (await editor.post('/admin/api/categories', { name: 'Strict' })).json();
    const layout = (await editor.post(`/admin/api/categories/${category._id}/rows`, { name: 'Row' })).json();
    const row = layout.rows[0];
    await editor.put(`/admin/api/rows/${row._id}/titles`, { ids: [films[0]!.id], version: row.titlesVersion });
    const before = await snapshot();
    const attempts = [
      [editor.put(`/admin/api/rows/${row._id}/titles`, { ids: [films[1]!.id], version: row.titlesVersion }), 409],
      [editor.put(`/admin/api/rows/${row._id}/titles`, { ids: [films[1]!.id, films[1]!.id], version: row.titlesVersion }), 400],
      [editor.put(`/admin/api/rows/${row._id}/titles`, { ids: [crypto.randomUUID()], version: (await editor.get(`/admin/api/categories/${category._id}/layout`)).json().rows[0].titlesVersion }), 400],
      [editor.put(`/admin/api/categories/${category._id}/row-order`, { ids: [], version: layout.rowsVersion }), 400],
      [editor.post(`/admin/api/categories/${category._id}/banners`, { titleId: crypto.randomUUID() }), 400],
      [editor.post(`/admin/api/categories/${category._id}/rows`, { name: 'x', imageType: 'Square' }), 400],
      [editor.delete(`/admin/api/banners/${crypto.randomUUID()}`), 404],
    ] as const;
    for (const [index, [attempt, status]] of attempts.entries()) expect((await attempt).statusCode, `attempt ${index}`).toBe(status);
    expect(await snapshot()).toEqual(before);
  });
});
