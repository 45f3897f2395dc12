import {
  KIDS_MAX_AGE,
  PROFILE_AVATARS,
  PROFILES_MAX,
  type HouseholdProfile,
  type ProfileCreate,
  type ProfileEdit,
  type ProfileLanguages,
  type ProfilesAnswer,
} from '@marquee/contract';
import type { Executor } from '../../db/client';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/domain-errors';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit';
import { hashPin, pinMatches } from './pin-hash';
import * as repo from './profiles.repository';

export type { ProfileRecord } from './profiles.repository';

/**
 * PINs an account may type per window. Every attempt counts, right or wrong: were only wrong ones
 * counted, a guesser told "too many" could still tell a right guess by its success.
 */
export const PIN_ATTEMPTS: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

/** The part of a signed-in viewer this module reads: their session, account and chosen profile. */
export interface ProfileViewer {
  sessionId: string;
  user: { id: string; name: string };
  profile: repo.ProfileRecord | null;
}

export interface ProfileDeps {
  db: Executor;
  limiter: RateLimiter;
  /**
   * How long a proxy in front of the nodes may keep a yes to a media link (deploy/nginx with media
   * on a shared disk; 0 without): a switch to a profile limited more recently waits it out.
   */
  keptMediaDecisionMs?: number;
}

/** The highest age limit a profile may see (null: none). A kids profile never goes above KIDS_MAX_AGE. */
export function ageLimitOf(profile: Pick<repo.ProfileRecord, 'isKids' | 'maxAgeRating'>): number | null {
  if (profile.isKids) return Math.min(profile.maxAgeRating ?? KIDS_MAX_AGE, KIDS_MAX_AGE);
  return profile.maxAgeRating;
}

/** Whether a title with this age limit may be shown to a viewer limited to `limit`. */
export const withinLimit = (titleAgeLimit: number, limit: number | null) => limit === null || titleAgeLimit <= limit;

/**
 * The profile a session watches as. A session that has not chosen one takes the account's only
 * profile (so an account with one profile never sees the choice), making it first if the account
 * has none; with several it has none yet, and sees only what the strictest of them may see.
 */
export async function sessionProfile(
  db: Executor,
  input: { sessionId: string; user: { id: string; name: string }; chosen: repo.ProfileRecord | null },
): Promise<{ profile: repo.ProfileRecord | null; ageLimit: number | null }> {
  if (input.chosen) return { profile: input.chosen, ageLimit: ageLimitOf(input.chosen) };
  let all = await repo.listProfiles(db, input.user.id);
  if (all.length === 0) all = await firstProfile(db, input.user);
  if (all.length === 1) {
    await repo.setSessionProfile(db, { sessionId: input.sessionId, profileId: all[0]!.id });
    return { profile: all[0]!, ageLimit: ageLimitOf(all[0]!) };
  }
  return { profile: null, ageLimit: strictest(all) };
}

/**
 * The profile a new session starts as: the account's only one (made now if it has none), or
 * null when there are several and the viewer will choose.
 */
export async function profileAtSignIn(db: Executor, user: { id: string; name: string }): Promise<string | null> {
  let all = await repo.listProfiles(db, user.id);
  if (all.length === 0) all = await firstProfile(db, user);
  return all.length === 1 ? all[0]!.id : null;
}

/** A profile as a signed media request reads it with its session: whether the session watches as it, and its limits. */
export interface ProfileLimits {
  chosen: boolean;
  isKids: boolean;
  maxAgeRating: number | null;
}

/**
 * A session's age limit (its chosen profile's, else the strictest of the account, as `sessionProfile`)
 * and the strictest of the account: a title within that one stays playable whichever profile is chosen.
 */
export function householdLimits(household: ProfileLimits[]): { current: number | null; strictest: number | null } {
  const chosen = household.find((profile) => profile.chosen);
  const strictestLimit = strictest(household);
  return { current: chosen ? ageLimitOf(chosen) : strictestLimit, strictest: strictestLimit };
}

/** The profile whose watchlist, progress and read notifications a call is about. */
export function requireProfile(viewer: Pick<ProfileViewer, 'profile'>): repo.ProfileRecord {
  if (!viewer.profile) throw new ForbiddenError("Choose who's watching first");
  return viewer.profile;
}

export async function listForViewer(db: Executor, viewer: ProfileViewer): Promise<ProfilesAnswer> {
  const [all, pinHash] = await Promise.all([repo.listProfiles(db, viewer.user.id), repo.findPinHash(db, viewer.user.id)]);
  return { profiles: all.map(toProfile), current: viewer.profile?.id ?? null, hasPin: pinHash !== null, max: PROFILES_MAX };
}

export async function createProfile(db: Executor, input: { viewer: ProfileViewer; profile: Required<ProfileCreate> }): Promise<HouseholdProfile> {
  requireManager(input.viewer);
  if (input.profile.requiresPin) await requirePinSet(db, input.viewer.user.id);
  return db.transaction(async (tx) => {
    await repo.lockAccount(tx, input.viewer.user.id);
    if ((await repo.countProfiles(tx, input.viewer.user.id)) >= PROFILES_MAX) {
      throw new ConflictError(`An account holds at most ${PROFILES_MAX} profiles`);
    }
    return toProfile(await repo.insertProfile(tx, { userId: input.viewer.user.id, ...input.profile }));
  });
}

export async function editProfile(db: Executor, input: { viewer: ProfileViewer; profileId: string; edit: ProfileEdit }): Promise<HouseholdProfile> {
  requireManager(input.viewer);
  if (input.edit.requiresPin) await requirePinSet(db, input.viewer.user.id);
  if (input.profileId === input.viewer.profile?.id && (input.edit.isKids || (input.edit.maxAgeRating ?? null) !== null)) {
    throw new BadRequestError('Limit another profile, not the one you are watching as', { field: 'isKids' });
  }
  const set = Object.fromEntries(Object.entries(input.edit).filter(([, value]) => value !== undefined));
  const limitSet = 'isKids' in set || 'maxAgeRating' in set;
  const updated =
    Object.keys(set).length === 0
      ? await repo.findProfile(db, { userId: input.viewer.user.id, profileId: input.profileId })
      : await repo.updateProfile(db, { userId: input.viewer.user.id, profileId: input.profileId, set, limitSet });
  if (!updated) throw new NotFoundError('Profile');
  return toProfile(updated);
}

export async function deleteProfile(db: Executor, input: { viewer: ProfileViewer; profileId: string }): Promise<{ message: string }> {
  requireManager(input.viewer);
  if (input.profileId === input.viewer.profile?.id) throw new ConflictError('Switch to another profile before removing this one');
  return db.transaction(async (tx) => {
    await repo.lockAccount(tx, input.viewer.user.id);
    if (!(await repo.findProfile(tx, { userId: input.viewer.user.id, profileId: input.profileId }))) throw new NotFoundError('Profile');
    await repo.deleteProfile(tx, { userId: input.viewer.user.id, profileId: input.profileId });
    return { message: 'Profile removed' };
  });
}

/**
 * Watch as another profile on this session. The account's PIN, when set, is asked to open a
 * profile that requires it, and to leave a limited (kids) profile for one that may see more.
 */
export async function selectProfile(deps: ProfileDeps, input: { viewer: ProfileViewer; profileId: string; pin?: string }): Promise<ProfilesAnswer> {
  const { db } = deps;
  const userId = input.viewer.user.id;
  const target = await repo.findProfile(db, { userId, profileId: input.profileId });
  if (!target) throw new NotFoundError('Profile');
  const pinHash = await repo.findPinHash(db, userId);
  if (pinHash && target.id !== input.viewer.profile?.id && needsPin(input.viewer.profile, target)) {
    await checkPin(deps, { userId, pinHash, pin: input.pin });
  }
  await repo.setSessionProfile(db, { sessionId: input.viewer.sessionId, profileId: target.id });
  await settle(deps, target);
  return listForViewer(db, { ...input.viewer, profile: target });
}

export async function changePin(deps: ProfileDeps, input: { viewer: ProfileViewer; pin: string | null; currentPin?: string }): Promise<{ message: string }> {
  requireManager(input.viewer);
  const userId = input.viewer.user.id;
  const pinHash = await repo.findPinHash(deps.db, userId);
  if (pinHash) await checkPin(deps, { userId, pinHash, pin: input.currentPin });
  await repo.setPinHash(deps.db, { userId, pinHash: input.pin === null ? null : await hashPin(input.pin) });
  return { message: input.pin === null ? 'PIN removed' : 'PIN saved' };
}

export async function rememberLanguages(db: Executor, input: { viewer: ProfileViewer; languages: ProfileLanguages }): Promise<HouseholdProfile> {
  const profile = requireProfile(input.viewer);
  const set = Object.fromEntries(Object.entries(input.languages).filter(([, value]) => value !== undefined));
  const updated = Object.keys(set).length === 0 ? profile : await repo.updateProfile(db, { userId: input.viewer.user.id, profileId: profile.id, set });
  return toProfile(updated ?? profile);
}

function toProfile(p: repo.ProfileRecord): HouseholdProfile {
  return {
    _id: p.id,
    name: p.name,
    avatar: (PROFILE_AVATARS as readonly string[]).includes(p.avatar) ? (p.avatar as HouseholdProfile['avatar']) : PROFILE_AVATARS[1],
    isKids: p.isKids,
    maxAgeRating: ageLimitOf(p),
    requiresPin: p.requiresPin,
    audioLanguage: p.audioLanguage,
    subtitleLanguage: p.subtitleLanguage,
  };
}

/**
 * A node's yes to a media link is kept only while every profile of the account may watch its
 * title, so a switch cannot outlive it; a profile limited moments ago did not count when a yes
 * still kept was given. The switch answers once those have lapsed: from then on, the session's old
 * links for titles above the limit are refused by nginx too.
 */
async function settle(deps: ProfileDeps, target: repo.ProfileRecord): Promise<void> {
  const keptMs = deps.keptMediaDecisionMs ?? 0;
  if (keptMs === 0 || ageLimitOf(target) === null) return;
  const waitMs = keptMs - (await repo.msSinceLimited(deps.db, target.id));
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}

function requireManager(viewer: ProfileViewer): void {
  const profile = requireProfile(viewer);
  if (ageLimitOf(profile) !== null) throw new ForbiddenError('Profiles and the PIN are managed from a profile without an age limit');
}

async function requirePinSet(db: Executor, userId: string): Promise<void> {
  if (!(await repo.findPinHash(db, userId))) throw new BadRequestError('Set a PIN before asking for it on a profile', { field: 'requiresPin' });
}

function needsPin(current: repo.ProfileRecord | null, target: repo.ProfileRecord): boolean {
  if (target.requiresPin) return true;
  if (!current) return false;
  const from = ageLimitOf(current);
  const to = ageLimitOf(target);
  return from !== null && (to === null || to > from);
}

async function checkPin(deps: ProfileDeps, input: { userId: string; pinHash: string; pin: string | undefined }): Promise<void> {
  if (input.pin === undefined) throw new ForbiddenError('Enter the PIN to open this profile');
  await deps.limiter.consume(`profile-pin:${input.userId}`, PIN_ATTEMPTS);
  if (!(await pinMatches(input.pin, input.pinHash))) throw new ForbiddenError('Wrong PIN');
}

async function firstProfile(db: Executor, user: { id: string; name: string }): Promise<repo.ProfileRecord[]> {
  return db.transaction(async (tx) => {
    await repo.lockAccount(tx, user.id);
    const existing = await repo.listProfiles(tx, user.id);
    return existing.length > 0 ? existing : [await repo.insertProfile(tx, { userId: user.id, name: user.name.slice(0, 40) || 'Me' })];
  });
}

function strictest(all: Pick<repo.ProfileRecord, 'isKids' | 'maxAgeRating'>[]): number | null {
  const limits = all.map(ageLimitOf).filter((limit): limit is number => limit !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}
