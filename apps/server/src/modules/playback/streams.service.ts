import { STREAM_SLOT_IDLE_SECONDS, type ActiveStream } from '@marquee/contract';
import type { Executor } from '../../db/client';
import { NotFoundError, TooManyStreamsError } from '../../lib/domain-errors';
import * as repo from './streams.repository';

export interface StreamsDeps {
  db: Executor;
  now: () => Date;
}

/** Who is asking: the account and the session (a device) its player runs in. */
export interface StreamViewer {
  userId: string;
  sessionId: string;
}

/** A player asking to play: each one (a tab, a window) holds a stream of its own. */
export interface StreamPlayer extends StreamViewer {
  playerId: string;
}

/**
 * Holds (or renews) the player's stream slot for a paid title. A subscriber may play as many
 * videos at once as their plan allows; without a subscription (rentals) one. Slots are per player,
 * so a second tab of the same browser is a second stream. The account is locked while deciding,
 * so two players pressing play together cannot both take the last slot.
 * Refused: 409 listing what plays elsewhere, so the viewer can stop one.
 */
export async function holdStream(
  deps: StreamsDeps,
  input: { viewer: StreamPlayer; titleId: string; device: string },
): Promise<string> {
  const { userId, sessionId, playerId } = input.viewer;
  const now = deps.now();
  const since = lapseBefore(now);
  return deps.db.transaction(async (tx) => {
    await repo.lockAccount(tx, userId);
    await repo.deleteLapsedSlots(tx, { userId, since });
    const others = (await repo.liveSlots(tx, { userId, since })).filter((slot) => slot.sessionId !== sessionId || slot.playerId !== playerId);
    const allowed = (await repo.planStreams(tx, userId)) ?? 1;
    if (others.length >= allowed) {
      const where = (slot: { sessionId: string; device: string }) => (slot.sessionId === sessionId ? `${slot.device}, another tab or window` : slot.device);
      const playing = others.map((slot) => `${where(slot)} (${slot.title})`).join(', ');
      throw new TooManyStreamsError(
        `${allowed === 1 ? 'Your plan plays on one screen at a time' : `Your plan plays on ${allowed} screens at a time`}. Playing now: ${playing}. Stop one to watch here.`,
        others.map((slot) => toStream(slot, sessionId)),
      );
    }
    return repo.upsertSlot(tx, { userId, sessionId, playerId, titleId: input.titleId, device: input.device, now });
  });
}

/** Signing out gives the session's streams back at once: another device may take them now. */
export function releaseSessionStreams(db: Executor, sessionId: string): Promise<void> {
  return repo.deleteSessionSlots(db, sessionId);
}

/** Slots renewed before this have lapsed: a link bound to one serves full content only while it lives. */
export function lapseBefore(now: Date): Date {
  return new Date(now.getTime() - STREAM_SLOT_IDLE_SECONDS * 1000);
}

/** What plays on the account now, oldest first; `current` marks the asking device's own. */
export async function listStreams(deps: StreamsDeps, viewer: StreamViewer): Promise<ActiveStream[]> {
  const slots = await repo.liveSlots(deps.db, { userId: viewer.userId, since: lapseBefore(deps.now()) });
  return slots.map((slot) => toStream(slot, viewer.sessionId));
}

/**
 * Frees one of the account's slots at once: the player that held it gets no further segment, and
 * its next renewal is refused if the slot has been taken meanwhile, or takes it back otherwise.
 */
export async function stopStream(deps: StreamsDeps, input: { viewer: StreamViewer; id: string }): Promise<ActiveStream[]> {
  if (!(await repo.deleteSlot(deps.db, { userId: input.viewer.userId, id: input.id }))) throw new NotFoundError('Stream');
  return listStreams(deps, input.viewer);
}

function toStream(slot: { id: string; sessionId: string; device: string; title: string; startedAt: Date }, sessionId: string): ActiveStream {
  return { _id: slot.id, device: slot.device, title: slot.title, startedAt: slot.startedAt.toISOString(), current: slot.sessionId === sessionId };
}
