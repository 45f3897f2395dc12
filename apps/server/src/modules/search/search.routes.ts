import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { search } from './search.service';

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.search, ({ params, viewer }) => search(app.db, { term: params.term, viewerId: viewer?.user.id ?? null, maxAge: viewer?.ageLimit ?? null }));
}
