import { createHash } from 'node:crypto';
import { BadRequestError, ConflictError } from '../../lib/domain-errors';

/**
 * The version of an ordered list as an operator saw it: its members in their order. A reordering
 * names the version it was made from; if members came, went or moved meanwhile (another operator,
 * another tab), it is refused rather than silently undoing their change. Edits to a member's own
 * fields (a rename) do not touch the order, so they do not conflict with it.
 */
export function listVersion(members: { id: string }[]): string {
  return createHash('sha256')
    .update(members.map((m) => m.id).join('|'))
    .digest('base64url')
    .slice(0, 22);
}

export function assertVersion(current: string, seen: string): void {
  if (current !== seen) {
    throw new ConflictError('This list changed since you loaded it. Reload it to see the changes, then try again.', { field: 'ids' });
  }
}

/** A reordering must name exactly the current members, each once. */
export function assertPermutation(current: string[], ids: string[]): void {
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw new BadRequestError('The new order must list every item exactly once', { field: 'ids' });
}

/** A timestamp as the console sends it back: equal to the stored one at millisecond precision. */
export const sameInstant = (stored: Date, seen: string) => stored.toISOString() === new Date(seen).toISOString();

export function assertUnchanged(stored: Date, seen: string, what: string): void {
  if (Number.isNaN(Date.parse(seen)) || !sameInstant(stored, seen)) {
    throw new ConflictError(`This ${what} was changed by someone else since you opened it. Reload it to see their changes.`);
  }
}
