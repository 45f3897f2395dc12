import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import { insertContactMessage } from './contact.repository';

export const CONTACT_RECEIVED = "Thanks for writing to us. We'll reply within 24 hours.";

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.contact, async ({ body }) => {
    await insertContactMessage(app.db, body);
    return { message: CONTACT_RECEIVED };
  });
}
