import { randomBytes } from 'node:crypto';
import type { ProfileUpdate, User } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { BadRequestError, NotFoundError } from '../../lib/domain-errors';
import { NotAnImageError, toAvatarWebp } from '../../images/avatar-image';
import type { MediaStore } from '../../storage/storage';
import { toUser } from '../auth/auth.service';
import * as repo from './account.repository';

/**
 * The signed-in account, with the role of its session: a staging session opened without the
 * operators' key is a viewer's whatever the account's role (auth.service viewerOfToken).
 */
export interface AccountViewer {
  id: string;
  role: User['role'];
}

export async function getProfile(db: Executor, viewer: AccountViewer): Promise<User> {
  const user = await repo.findUser(db, viewer.id);
  if (!user) throw new NotFoundError('User');
  return seenBy(viewer, user);
}

/** Name, phone number and date of birth are the viewer's; the email belongs to the identity provider. */
export async function updateProfile(db: Executor, input: { viewer: AccountViewer; update: ProfileUpdate }): Promise<User> {
  const current = await getProfile(db, input.viewer);
  const { name, email, phoneNumber, dob } = input.update;
  if (email !== undefined && email.trim().toLowerCase() !== current.email) {
    throw new BadRequestError("Your email comes from your Google account and can't be changed here");
  }
  if (dob) assertPlausibleBirthDate(dob);
  const updated = await repo.updateUser(db, input.viewer.id, {
    name: name.trim(),
    ...(phoneNumber !== undefined ? { phoneNumber: phoneNumber.trim() } : {}),
    ...(dob !== undefined ? { dob: dob || null } : {}),
  });
  return seenBy(input.viewer, updated);
}

/** Stores a re-encoded avatar under a new key, then drops the previous file. */
export async function replaceAvatar(
  db: Executor,
  input: { viewer: AccountViewer; upload: Buffer | undefined; storage: MediaStore['public'] },
): Promise<User> {
  if (!input.upload || input.upload.length === 0) throw new BadRequestError('Choose an image to upload');
  let webp: Buffer;
  try {
    webp = await toAvatarWebp(input.upload);
  } catch (error) {
    if (error instanceof NotAnImageError) throw new BadRequestError(error.message);
    throw error;
  }
  const previous = await getProfile(db, input.viewer);
  const key = `avatars/${input.viewer.id}-${randomBytes(6).toString('hex')}.webp`;
  await input.storage.put(key, webp, { contentType: 'image/webp' });
  const updated = await repo.updateUser(db, input.viewer.id, { image: input.storage.url(key) });
  const oldKey = input.storage.keyOf(previous.image);
  if (oldKey?.startsWith('avatars/')) await input.storage.remove(oldKey);
  return seenBy(input.viewer, updated);
}

const seenBy = (viewer: AccountViewer, user: Parameters<typeof toUser>[0]): User => ({ ...toUser(user), role: viewer.role });

function assertPlausibleBirthDate(dob: string): void {
  const date = new Date(`${dob}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== dob) {
    throw new BadRequestError('Date of birth is not a real date');
  }
  if (date.getUTCFullYear() < 1900 || date.getTime() > Date.now()) {
    throw new BadRequestError('Date of birth must be between 1900 and today');
  }
}
