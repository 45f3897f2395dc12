import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { staffRoutes } from './modules/admin-staff/staff.routes';
import { auditRoutes } from './modules/audit/audit.routes';

export interface ConsoleApiOptions {
  config: Config;
}

/**
 * Every area of the operators' console API (/admin/api/...). Each call is declared in the contract
 * (`@marquee/contract/admin`) with the roles that may make it, and route() checks them first.
 */
export async function consoleApi(app: FastifyInstance, options: ConsoleApiOptions): Promise<void> {
  await app.register(staffRoutes, { adminEmails: options.config.auth.adminEmails });
  await app.register(auditRoutes);
}
