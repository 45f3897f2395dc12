import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { listEnabledPlans } from './subscriptions.repository';

export async function subscriptionsRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.subscriptionPlans, async () => {
    const plans = await listEnabledPlans(app.db);
    return plans.map((p) => ({
      _id: p.id,
      title: p.title,
      price: p.priceCents / 100,
      validity: p.validityDays,
      description: p.description,
    }));
  });
}
