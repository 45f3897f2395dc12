import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import { actorOf } from '../audit/audit.service';
import type { SettingDefaults } from '../settings/settings.service';
import * as plans from './plans.service';
import * as settings from './settings.service';

/** Plans and site settings: what the shop and every page's header and footer say. */
export async function adminPlanRoutes(app: FastifyInstance, options: { defaults: SettingDefaults; now?: () => Date }): Promise<void> {
  const planDeps: plans.PlanDeps = { db: app.db, now: options.now ?? (() => new Date()) };
  const settingsDeps: settings.SiteSettingsDeps = { db: app.db, defaults: options.defaults };
  route(app, adminApi.plans, () => plans.listPlans(planDeps));
  route(app, adminApi.createPlan, ({ viewer, body }) => plans.createPlan(planDeps, { actor: actorOf(viewer), plan: body }));
  route(app, adminApi.updatePlan, ({ viewer, params, body }) => plans.updatePlan(planDeps, { actor: actorOf(viewer), id: params.id, update: body }));
  route(app, adminApi.siteSettings, () => settings.getSiteSettings(settingsDeps));
  route(app, adminApi.updateSiteSettings, ({ viewer, body }) => settings.updateSiteSettings(settingsDeps, { actor: actorOf(viewer), settings: body }));
}
