import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { deviceName } from './device-name';
import { subscriptionStatus } from './entitlement.service';
import { renewPlaybackLink, type PlaybackDeps } from './playback.service';
import { listStreams, stopStream } from './streams.service';

export async function playbackRoutes(app: FastifyInstance, options: { playback: PlaybackDeps; now?: () => Date }): Promise<void> {
  const now = options.now ?? (() => new Date());
  const streams = { db: app.db, now };
  route(app, api.subscriptionStatus, ({ viewer }) => subscriptionStatus(app.db, viewer.user.id));
  route(app, api.playbackLink, ({ params, query, viewer, request, reply }) => {
    // A link is made for one session, now: no cache may keep or share it.
    reply.header('cache-control', 'no-store');
    const owner = viewer ? { userId: viewer.user.id, sessionId: viewer.sessionId, ageLimit: viewer.ageLimit, profileName: viewer.profile?.name ?? null } : null;
    return renewPlaybackLink(app.db, { ...options.playback, now }, {
      viewer: owner,
      assetId: params.assetId,
      titleId: query.title,
      playerId: query.player,
      device: deviceName(request.headers['user-agent']),
    });
  });
  route(app, api.streams, ({ viewer }) => listStreams(streams, { userId: viewer.user.id, sessionId: viewer.sessionId }));
  route(app, api.stopStream, ({ params, viewer }) =>
    stopStream(streams, { viewer: { userId: viewer.user.id, sessionId: viewer.sessionId }, id: params.id }),
  );
}
