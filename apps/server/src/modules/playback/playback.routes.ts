import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { subscriptionStatus } from './entitlement.service';

export async function playbackRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.subscriptionStatus, ({ viewer }) => subscriptionStatus(app.db, viewer.user.id));
}
