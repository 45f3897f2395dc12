import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { listPlans } from './subscriptions.service';

export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.subscriptionPlans, () => listPlans(app.db));
}
