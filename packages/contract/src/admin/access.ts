import { z } from 'zod';
import type { Endpoint, StaffRole } from '../endpoint';

export const staffRole = z.enum(['admin', 'editor', 'support']);

/**
 * Who may call what. Each console call names one of these; the server refuses everyone else
 * (401 signed out, 403 without the role) and the console hides what a role cannot do.
 */
export const can = {
  /** Titles, rows, banners, plans, media and jobs, read-only: every operator. */
  readCatalog: ['admin', 'editor', 'support'],
  /** Catalogue and media changes. */
  editCatalog: ['admin', 'editor'],
  /** Viewers, payments, refunds, notifications and contact messages. */
  serveViewers: ['admin', 'support'],
  /** Roles and the audit log. */
  administer: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Capability = keyof typeof can;

/** A console call: 'staff' auth with the roles that may make it. */
export function adminEndpoint<const E extends Omit<Endpoint, 'auth' | 'roles'> & { roles: readonly StaffRole[] }>(e: E): E & { auth: 'staff' } {
  return { ...e, auth: 'staff' };
}

/** Whether a role may use a capability (the console's menus and buttons ask this). */
export function roleCan(role: string | null | undefined, capability: Capability): boolean {
  return (can[capability] as readonly string[]).includes(role ?? '');
}
