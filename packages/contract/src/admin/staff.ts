import { z } from 'zod';
import { role } from '../accounts';
import { id } from '../common';
import { adminEndpoint, can, staffRole } from './access';

/** Where an account's role came from: ADMIN_EMAILS at sign-in, or an admin in the console. */
export const roleSource = z.enum(['default', 'config', 'console']);

export const staffMember = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  image: z.string(),
  role,
  roleSource,
});
export type StaffMember = z.infer<typeof staffMember>;

export const consoleMe = staffMember.extend({ role: staffRole });
export type ConsoleMe = z.infer<typeof consoleMe>;

export const roleChange = z.object({
  role,
  reason: z.string().trim().max(500).default(''),
});
export type RoleChange = z.input<typeof roleChange>;

export const staffEndpoints = {
  me: adminEndpoint({
    method: 'GET',
    path: '/admin/api/me',
    summary: 'The signed-in operator and their role (403 for viewers)',
    tags: ['admin: staff'],
    roles: can.readCatalog,
    response: consoleMe,
  }),
  staff: adminEndpoint({
    method: 'GET',
    path: '/admin/api/staff',
    summary: 'Every account with an operator role',
    tags: ['admin: staff'],
    roles: can.administer,
    response: z.array(staffMember),
  }),
  setRole: adminEndpoint({
    method: 'PUT',
    path: '/admin/api/users/:id/role',
    summary: "Change an account's role (viewer, admin, editor, support)",
    tags: ['admin: staff'],
    roles: can.administer,
    params: z.object({ id }),
    body: roleChange,
    response: staffMember,
  }),
};
