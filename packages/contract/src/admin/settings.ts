import { z } from 'zod';
import { adminEndpoint, can } from './access';

/** Site settings an operator edits; every page that shows them reads them from `/settings/display`. */
export const siteSettingsInput = z.object({
  subscriberCount: z.number({ message: 'Enter a number' }).int('Whole numbers only').min(0).max(1_000_000_000),
  supportEmail: z.email('Enter a valid email address').max(254),
});
export type SiteSettingsInput = z.input<typeof siteSettingsInput>;

const tags = ['admin: settings'];

export const settingsEndpoints = {
  siteSettings: adminEndpoint({ method: 'GET', path: '/admin/api/settings', summary: 'The subscriber badge and the support address', tags, roles: can.readCatalog, response: siteSettingsInput }),
  updateSiteSettings: adminEndpoint({ method: 'PUT', path: '/admin/api/settings', summary: 'Change the subscriber badge and the support address', tags, roles: can.editCatalog, body: siteSettingsInput, response: siteSettingsInput }),
};
