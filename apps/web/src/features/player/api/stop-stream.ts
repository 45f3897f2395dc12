import type { ActiveStream } from '@marquee/contract';
import { callApi, type ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session-store';

/**
 * Frees one of the account's stream slots: another device's (chosen from the too-many-streams
 * refusal), or the player's own when it closes (`keepalive`, so it outlives a closing page).
 */
export function stopStream(
  streamId: string,
  options: { keepalive?: boolean } = {},
): Promise<readonly [true, ActiveStream[]] | readonly [false, ApiError]> {
  const token = useSession.getState().user?.token;
  if (!token) return Promise.resolve([true, []] as const);
  return callApi('stopStream', { params: { id: streamId }, token, keepalive: options.keepalive });
}
