import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery } from './paging';

/** A contact message is new until an operator opens it, then read, then answered. */
export const contactMessageStatus = z.enum(['new', 'read', 'answered']);
export type ContactMessageStatus = z.infer<typeof contactMessageStatus>;

export const contactMessageQuery = z.object({
  status: contactMessageStatus.optional(),
  /** Part of the sender's email address. */
  email: z.string().trim().max(320).optional(),
  ...pageQuery,
});
export type ContactMessageQuery = z.input<typeof contactMessageQuery>;

export const contactMessageSummary = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** The first characters of the message. */
  preview: z.string(),
  status: contactMessageStatus,
  receivedAt: z.string(),
});
export type ContactMessageSummary = z.infer<typeof contactMessageSummary>;

export const contactMessageDetail = contactMessageSummary.extend({
  phoneNumber: z.string(),
  message: z.string(),
  readAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.object({ email: z.string(), name: z.string() }).nullable(),
  /** What the operator noted when marking it answered (may be empty). */
  answerNote: z.string(),
});
export type ContactMessageDetail = z.infer<typeof contactMessageDetail>;

export const contactAnswerInput = z.object({
  note: z.string().trim().max(2000, 'Note must be at most 2000 characters').default(''),
});
export type ContactAnswerInput = z.input<typeof contactAnswerInput>;

const tags = ['admin: contact messages'];
const byId = z.object({ id });

export const contactEndpoints = {
  contactMessages: adminEndpoint({
    method: 'GET',
    path: '/admin/api/contact-messages',
    summary: 'Messages from the contact form, newest first, filtered by state and searched by email',
    tags,
    roles: can.serveViewers,
    query: contactMessageQuery,
    response: pageOf(contactMessageSummary),
  }),
  contactMessage: adminEndpoint({
    method: 'GET',
    path: '/admin/api/contact-messages/:id',
    summary: 'One contact message; opening a new one marks it read (audited)',
    tags,
    roles: can.serveViewers,
    params: byId,
    response: contactMessageDetail,
  }),
  answerContactMessage: adminEndpoint({
    method: 'POST',
    path: '/admin/api/contact-messages/:id/answer',
    summary: 'Mark a contact message answered, with an optional note; 409 when it already is; audited',
    tags,
    roles: can.serveViewers,
    params: byId,
    body: contactAnswerInput,
    response: contactMessageDetail,
  }),
};
