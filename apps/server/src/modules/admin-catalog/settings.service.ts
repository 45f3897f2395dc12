import type { SiteSettingsInput } from '@marquee/contract/admin';
import type { Actor } from '../audit/audit.service';
import { displaySettings, saveDisplaySettings, type SettingDefaults } from '../settings/settings.service';
import { changeCatalog, type CatalogDeps } from './catalog-change';

export interface SiteSettingsDeps extends CatalogDeps {
  defaults: SettingDefaults;
}

export const getSiteSettings = (deps: SiteSettingsDeps) => displaySettings(deps.db, deps.defaults);

export async function updateSiteSettings(deps: SiteSettingsDeps, input: { actor: Actor; settings: SiteSettingsInput }): Promise<SiteSettingsInput> {
  return changeCatalog(deps, input.actor, async (tx) => {
    const before = await displaySettings(tx, deps.defaults);
    await saveDisplaySettings(tx, input.settings);
    return {
      result: await displaySettings(tx, deps.defaults),
      audit: { action: 'settings.update', entityType: 'settings', entityId: null, summary: 'Changed the site settings', before, after: input.settings },
    };
  });
}
