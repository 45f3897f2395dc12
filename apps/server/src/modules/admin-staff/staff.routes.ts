import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import * as staff from './staff.service';

export async function staffRoutes(app: FastifyInstance, options: { adminEmails: string[] }): Promise<void> {
  const deps: staff.StaffDeps = { db: app.db, adminEmails: options.adminEmails };
  route(app, adminApi.me, async ({ viewer }) => staff.me(viewer));
  route(app, adminApi.staff, () => staff.listStaff(deps));
  route(app, adminApi.setRole, ({ viewer, params, body }) => staff.changeRole(deps, { viewer, userId: params.id, ...body }));
}
