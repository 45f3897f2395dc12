import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { receiveMessage } from './contact.service';

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.contact, ({ body }) => receiveMessage(app.db, body));
}
