import type { PlaybackLink } from '@marquee/contract';
import { callApi, type ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/**
 * Asks for a fresh signed prefix for a video being played; for a paid title it is also the
 * heartbeat of its stream slot. The server decides again whether the viewer may watch it, so a
 * refusal means access has ended (403) or every stream of the plan is in use (409, with what
 * plays where). Read the token at call time: the viewer may have signed in or out since the
 * player appeared.
 */
export function renewPlaybackLink(input: {
  assetId: string;
  titleId?: string;
  /** The player asking: each player holds a stream of its own. */
  playerId: string;
}): Promise<readonly [true, PlaybackLink] | readonly [false, ApiError]> {
  const token = useSession.getState().user?.token;
  const query = { title: input.titleId, player: input.playerId };
  return callApi('playbackLink', { params: { assetId: input.assetId }, query, ...(token ? { token } : {}) });
}
