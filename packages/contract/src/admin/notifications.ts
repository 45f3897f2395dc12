import { z } from 'zod';
import { id } from '../common';
import { adminEndpoint, can } from './access';
import { pageOf, pageQuery } from './paging';

/** Who a notification goes to: one viewer (by email), every current subscriber, or every account. */
export const notificationAudience = z.enum(['viewer', 'subscribers', 'everyone']);
export type NotificationAudience = z.infer<typeof notificationAudience>;

/**
 * A notification an operator sends. `title` and `message` are what the viewer's notification
 * shows. `idempotencyKey` is made once per form: sending it again (a double click, a retry after
 * a dropped connection) sends nothing more and answers with the first send.
 */
export const notificationInput = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(120, 'Title must be at most 120 characters'),
    message: z.string().trim().min(1, 'Write the message').max(1000, 'Message must be at most 1000 characters'),
    audience: notificationAudience,
    /** The viewer's account email; only for the `viewer` audience. */
    email: z.string().trim().max(320).optional(),
    idempotencyKey: z.uuid({ message: 'Reload the page and send again' }),
  })
  .superRefine((value, ctx) => {
    if (value.audience === 'viewer' && !z.email().safeParse(value.email ?? '').success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: "Enter the viewer's email address" });
    }
  });
export type NotificationInput = z.input<typeof notificationInput>;

export const sentNotification = z.object({
  _id: id,
  title: z.string(),
  message: z.string(),
  audience: notificationAudience,
  /** The email the operator gave, for the `viewer` audience. */
  email: z.string().nullable(),
  /** How many accounts got it. */
  accounts: z.number().int(),
  sentAt: z.string(),
  sentBy: z.object({ email: z.string(), name: z.string() }),
});
export type SentNotification = z.infer<typeof sentNotification>;

/** How many accounts each broad audience reaches now (the preview before sending). */
export const notificationReach = z.object({ subscribers: z.number().int(), everyone: z.number().int() });
export type NotificationReach = z.infer<typeof notificationReach>;

const tags = ['admin: notifications'];

export const notificationEndpoints = {
  sentNotifications: adminEndpoint({
    method: 'GET',
    path: '/admin/api/notifications',
    summary: 'Notifications sent from the console, newest first',
    tags,
    roles: can.serveViewers,
    query: z.object(pageQuery),
    response: pageOf(sentNotification),
  }),
  notificationReach: adminEndpoint({
    method: 'GET',
    path: '/admin/api/notifications/reach',
    summary: 'How many accounts a notification to all current subscribers, or to everyone, reaches now',
    tags,
    roles: can.serveViewers,
    response: notificationReach,
  }),
  sendNotification: adminEndpoint({
    method: 'POST',
    path: '/admin/api/notifications',
    summary: 'Send a notification to one viewer, every current subscriber or every account; a repeated idempotency key sends nothing more; audited',
    tags,
    roles: can.serveViewers,
    body: notificationInput,
    response: sentNotification,
  }),
};
