import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { MediaStore } from './storage/storage';
import { adminLayoutRoutes } from './modules/admin-catalog/layout.routes';
import { adminPlanRoutes } from './modules/admin-catalog/plans.routes';
import { adminTitleRoutes } from './modules/admin-catalog/titles.routes';
import { staffRoutes } from './modules/admin-staff/staff.routes';
import { auditRoutes } from './modules/audit/audit.routes';

export interface ConsoleApiOptions {
  config: Config;
  store: MediaStore;
}

/**
 * Every area of the operators' console API (/admin/api/...). Each call is declared in the contract
 * (`@marquee/contract/admin`) with the roles that may make it, and route() checks them first.
 */
export async function consoleApi(app: FastifyInstance, options: ConsoleApiOptions): Promise<void> {
  const { config, store } = options;
  await app.register(staffRoutes, { adminEmails: config.auth.adminEmails });
  await app.register(auditRoutes);
  await app.register(adminTitleRoutes, { store });
  await app.register(adminLayoutRoutes);
  await app.register(adminPlanRoutes, { defaults: { subscriberCount: config.defaultSubscriberCount, supportEmail: config.supportEmail } });
}
