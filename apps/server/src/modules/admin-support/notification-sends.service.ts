import type { NotificationInput, NotificationReach, SentNotification } from '@marquee/contract/admin';
import type { Database, Executor } from '../../db/client';
import { BadRequestError, ConflictError } from '../../lib/domain-errors';
import type { Viewer } from '../auth/auth.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import * as repo from './notification-sends.repository';

type ParsedInput = Required<Pick<NotificationInput, 'title' | 'message' | 'audience' | 'idempotencyKey'>> & { email?: string | undefined };

/**
 * Sends a notification to its audience, at most once per idempotency key: a repeated key answers
 * with the first send and sends nothing more. The send, its notifications and the audit entry are
 * saved together or not at all (an unknown email leaves no trace).
 */
export async function sendNotification(db: Database, input: { viewer: Viewer; notification: ParsedInput }): Promise<SentNotification> {
  const { notification } = input;
  const email = notification.audience === 'viewer' ? (notification.email ?? '') : null;
  const send = await db.transaction(async (tx) => {
    const claimed = await repo.claimSend(tx, {
      idempotencyKey: notification.idempotencyKey,
      title: notification.title,
      message: notification.message,
      audience: notification.audience,
      email,
      senderId: input.viewer.user.id,
      senderEmail: input.viewer.user.email,
      senderName: input.viewer.user.name,
    });
    if (!claimed) return sameSendAgain(tx, { ...notification, email });
    if (email !== null && (await repo.countAccountsWithEmail(tx, email)) === 0) {
      throw new BadRequestError('No account has this email address', { field: 'email' });
    }
    const accounts = await repo.deliverSend(tx, claimed);
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'notification.send',
      entityType: 'notification',
      entityId: claimed.id,
      summary: `Sent '${claimed.title}' to ${describeAudience({ audience: claimed.audience, email, accounts })}`,
      before: null,
      after: { audience: claimed.audience, email, title: claimed.title, message: claimed.message, accounts },
    });
    return { ...claimed, accounts };
  });
  return toSentNotification(send);
}

export async function listSentNotifications(db: Database, query: { page: number; pageSize: number }) {
  const { rows, total } = await repo.listSends(db, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: rows.map(toSentNotification), total, page: query.page, pageSize: query.pageSize };
}

export const notificationReach = (db: Database): Promise<NotificationReach> => repo.countReach(db);

/** A retried send must be the same send: the same key with other content is a mistake, refused. */
async function sameSendAgain(db: Executor, input: Omit<ParsedInput, 'email'> & { email: string | null }): Promise<repo.SendRecord> {
  const prior = await repo.findSendByKey(db, input.idempotencyKey);
  if (!prior) throw new ConflictError('This notification is being sent: try again in a moment');
  if (prior.title !== input.title || prior.message !== input.message || prior.audience !== input.audience || prior.email !== input.email) {
    throw new ConflictError('This form was already used for another notification: reload the page to write a new one');
  }
  return prior;
}

function describeAudience(send: { audience: repo.Audience; email: string | null; accounts: number }): string {
  const accounts = `${send.accounts} ${send.accounts === 1 ? 'account' : 'accounts'}`;
  if (send.audience === 'viewer') return `${send.email} (${accounts})`;
  return `${send.audience === 'subscribers' ? 'all current subscribers' : 'everyone'} (${accounts})`;
}

function toSentNotification(send: repo.SendRecord): SentNotification {
  return {
    _id: send.id,
    title: send.title,
    message: send.message,
    audience: send.audience,
    email: send.email,
    accounts: send.accounts,
    sentAt: send.createdAt.toISOString(),
    sentBy: { email: send.senderEmail, name: send.senderName },
  };
}
