/**
 * The tabs of one browser share its session, and so the profile it watches as: a profile chosen in
 * one tab changes what the others may play. The tab that chose tells the others, so a player there
 * asks the server at once rather than at its next heartbeat. Where BroadcastChannel is missing the
 * heartbeat still stops it.
 */
const CHANNEL = 'marquee:profile-switch';

export function announceProfileSwitch(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage('switched');
  channel.close();
}

/** Calls `listener` when another tab of this browser chooses a profile; returns the unsubscribe. */
export function onProfileSwitch(listener: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => listener();
  return () => channel.close();
}
