import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessionIsLive } from '../../db/live-session';
import { perDatabase } from '../../db/per-database';
import { profiles, sessions, users } from '../../db/schema';
import type { ProfileLimits } from '../profiles/profiles.service';
import { liveSlotExists } from './streams.repository';

/** What a signed media request needs of the session its link names. */
export interface MediaSession {
  userId: string;
  /** Every profile of the account, and which one the session watches as now. */
  household: ProfileLimits[];
  /** For a player's link: whether its stream slot lives (null for other links). */
  holdsSlot: boolean | null;
}

/**
 * The session a signed link names while it is live (not signed out, expired or idle; the account
 * not suspended), with its account's profiles and, for a player's link, its stream slot: one
 * statement per media request, looked up by the session's primary key (the profiles by
 * profiles_user_idx, the slot by stream_slots_player_key). `named`: as auth's session lookup, a
 * named statement, parsed and planned once per connection (the embedded database only).
 */
export async function mediaSession(
  db: Executor,
  input: { sessionId: string; idleMs: number; named: boolean; player: { playerId: string; since: Date } | null },
): Promise<MediaSession | null> {
  const { player } = input;
  const query = mediaSessionQuery(db, { idleMs: input.idleMs, named: input.named, player: player !== null });
  const [row] = await query.execute({ sessionId: input.sessionId, ...(player ? { playerId: player.playerId, since: player.since.toISOString() } : {}) });
  if (!row) return null;
  // A session that has chosen no profile compares null with each id.
  const household = row.household.map(([chosen, isKids, maxAgeRating]) => ({ chosen: chosen === true, isKids, maxAgeRating }));
  return { userId: row.userId, household, holdsSlot: row.holdsSlot };
}

function buildMediaSessionQuery(db: Executor, input: { idleMs: number; named: boolean; player: boolean }) {
  const profilesOf = sql`select coalesce(json_agg(json_build_array(${profiles.id} = ${sessions.profileId}, ${profiles.isKids}, ${profiles.maxAgeRating})), '[]'::json)
    from ${profiles} where ${profiles.userId} = ${sessions.userId}`;
  const slot = liveSlotExists({ sessionId: sessions.id, playerId: sql.placeholder('playerId'), since: sql.placeholder('since') });
  return db
    .select({
      userId: sessions.userId,
      household: sql<[chosen: boolean | null, isKids: boolean, maxAgeRating: number | null][]>`(${profilesOf})`,
      holdsSlot: input.player ? slot : sql<null>`null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), sessionIsLive(input.idleMs), isNull(users.suspendedAt)))
    .prepare(input.named ? `media_session${input.player ? '_player' : ''}` : '');
}

const mediaSessionQuery = perDatabase(buildMediaSessionQuery, (input) => `${input.idleMs}:${input.named}:${input.player}`);
