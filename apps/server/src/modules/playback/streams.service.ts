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

/**
 * Holds (or renews) the session's stream slot for a paid title. A subscriber may play as many
 * videos at once as their plan allows; without a subscription (rentals) one. The account is
 * locked while deciding, so two devices pressing play together cannot both take the last slot.
 * Refused: 409 listing what plays on the other devices, so the viewer can stop one.
 */
export async function holdStream(
  deps: StreamsDeps,
  input: { viewer: StreamViewer; titleId: string; device: string },
): Promise<string> {
  const { userId, sessionId } = input.viewer;
  const now = deps.now();
  const since = lapseBefore(now);
  return deps.db.transaction(async (tx) => {
    await repo.lockAccount(tx, userId);
    await repo.deleteLapsedSlots(tx, { userId, since });
    const others = (await repo.liveSlots(tx, { userId, since })).filter((slot) => slot.sessionId !== sessionId);
    const allowed = (await repo.planStreams(tx, userId)) ?? 1;
    if (others.length >= allowed) {
      const playing = others.map((slot) => `${slot.device} (${slot.title})`).join(', ');
      throw new TooManyStreamsError(
        `${allowed === 1 ? 'Your plan plays on one screen at a time' : `Your plan plays on ${allowed} screens at a time`}. Playing now: ${playing}. Stop one to watch here.`,
        others.map((slot) => toStream(slot, sessionId)),
      );
    }
    return repo.upsertSlot(tx, { userId, sessionId, titleId: input.titleId, device: input.device, now });
  });
}

/** What plays on the account now, oldest first; `current` marks the asking device's own. */
export async function listStreams(deps: StreamsDeps, viewer: StreamViewer): Promise<ActiveStream[]> {
  const slots = await repo.liveSlots(deps.db, { userId: viewer.userId, since: lapseBefore(deps.now()) });
  return slots.map((slot) => toStream(slot, viewer.sessionId));
}

/**
 * Frees one of the account's slots at once. The device that held it is refused at its next
 * renewal if the slot has been taken meanwhile, and takes it back otherwise.
 */
export async function stopStream(deps: StreamsDeps, input: { viewer: StreamViewer; id: string }): Promise<ActiveStream[]> {
  if (!(await repo.deleteSlot(deps.db, { userId: input.viewer.userId, id: input.id }))) throw new NotFoundError('Stream');
  return listStreams(deps, input.viewer);
}

function lapseBefore(now: Date): Date {
  return new Date(now.getTime() - STREAM_SLOT_IDLE_SECONDS * 1000);
}

function toStream(slot: { id: string; sessionId: string; device: string; title: string; startedAt: Date }, sessionId: string): ActiveStream {
  return { _id: slot.id, device: slot.device, title: slot.title, startedAt: slot.startedAt.toISOString(), current: slot.sessionId === sessionId };
}
