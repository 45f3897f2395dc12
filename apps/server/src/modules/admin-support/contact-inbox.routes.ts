import type { FastifyInstance } from 'fastify';
import { adminApi } from '@marquee/contract/admin';
import { route } from '../../lib/route';
import * as inbox from './contact-inbox.service';

export async function supportContactRoutes(app: FastifyInstance): Promise<void> {
  route(app, adminApi.contactMessages, ({ query }) => inbox.listContactMessages(app.db, query));
  route(app, adminApi.contactMessage, ({ viewer, params }) => inbox.openContactMessage(app.db, { viewer, id: params.id }));
  route(app, adminApi.answerContactMessage, ({ viewer, params, body }) => inbox.answerContactMessage(app.db, { viewer, id: params.id, note: body.note }));
}
