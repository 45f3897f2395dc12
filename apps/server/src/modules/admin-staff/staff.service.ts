import type { Role } from '@marquee/contract';
import type { ConsoleMe, StaffMember } from '@marquee/contract/admin';
import type { Database } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import type { Viewer } from '../auth/auth.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import * as repo from './staff.repository';

export interface StaffDeps {
  db: Database;
  /** ADMIN_EMAILS: those accounts are admin at every sign-in, whatever the console says. */
  adminEmails: string[];
}

export function me(viewer: Viewer): ConsoleMe {
  return toStaffMember(viewer.user) as ConsoleMe;
}

export async function listStaff(deps: StaffDeps): Promise<StaffMember[]> {
  return (await repo.listStaffUsers(deps.db)).map(toStaffMember);
}

/** An admin changes someone's role; never their own (a console with no admin left cannot be fixed from the console). */
export async function changeRole(deps: StaffDeps, input: { viewer: Viewer; userId: string; role: Role; reason: string }): Promise<StaffMember> {
  if (input.userId === input.viewer.user.id) throw new BadRequestError('You cannot change your own role', { field: 'role' });
  return deps.db.transaction(async (tx) => {
    const before = await repo.lockUser(tx, input.userId);
    if (!before) throw new NotFoundError('User');
    if (deps.adminEmails.includes(before.email) && input.role !== 'admin') {
      throw new BadRequestError(`${before.email} is an admin through ADMIN_EMAILS: take it off that list first`, { field: 'role' });
    }
    if (before.role === input.role) return toStaffMember(before);
    const after = await repo.updateRole(tx, { id: before.id, role: input.role });
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'user.role',
      entityType: 'user',
      entityId: before.id,
      summary: `Role of ${before.email}: ${before.role} → ${after.role}`,
      before: { role: before.role, roleSource: before.roleSource },
      after: { role: after.role, roleSource: after.roleSource },
      reason: input.reason,
    });
    return toStaffMember(after);
  });
}

function toStaffMember(user: repo.StaffRecord): StaffMember {
  return { _id: user.id, name: user.name, email: user.email, image: user.image, role: user.role, roleSource: user.roleSource };
}
