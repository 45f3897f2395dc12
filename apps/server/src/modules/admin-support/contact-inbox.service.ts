import type { ContactMessageDetail, ContactMessageSummary } from '@marquee/contract/admin';
import type { Database } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/domain-errors';
import type { Viewer } from '../auth/auth.service';
import { actorOf, recordAudit } from '../audit/audit.service';
import * as repo from './contact-inbox.repository';

const PREVIEW_CHARS = 140;

export async function listContactMessages(db: Database, query: { status?: repo.ContactStatus | undefined; email?: string | undefined; page: number; pageSize: number }) {
  const { rows, total } = await repo.listMessages(db, { status: query.status, email: query.email || undefined, limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
}

/** Opening a new message marks it read, once, with an audit entry. */
export async function openContactMessage(db: Database, input: { viewer: Viewer; id: string }): Promise<ContactMessageDetail> {
  return db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, input.id);
    if (!message) throw new NotFoundError('Contact message');
    if (message.status !== 'new') return toDetail(message);
    const read = await repo.markRead(tx, message.id);
    if (!read) return toDetail((await repo.findMessage(tx, message.id))!);
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'contact-message.read',
      entityType: 'contact-message',
      entityId: read.id,
      summary: `Read the message from ${read.email}`,
      before: { status: message.status },
      after: { status: read.status },
    });
    return toDetail(read);
  });
}

/** Marks a message answered (the reply itself goes by email), with the operator's note; audited. */
export async function answerContactMessage(db: Database, input: { viewer: Viewer; id: string; note: string }): Promise<ContactMessageDetail> {
  return db.transaction(async (tx) => {
    const message = await repo.findMessage(tx, input.id, { lock: true });
    if (!message) throw new NotFoundError('Contact message');
    if (message.status === 'answered') {
      throw new ConflictError(`${message.answeredByName ?? 'Someone'} already marked this message answered`);
    }
    const answered = await repo.markAnswered(tx, { id: message.id, note: input.note, by: actorOf(input.viewer) });
    await recordAudit(tx, {
      actor: actorOf(input.viewer),
      action: 'contact-message.answer',
      entityType: 'contact-message',
      entityId: answered.id,
      summary: `Marked the message from ${answered.email} answered`,
      before: { status: message.status },
      after: { status: answered.status, note: answered.answerNote },
    });
    return toDetail(answered);
  });
}

function toSummary(row: repo.ContactRecord): ContactMessageSummary {
  const text = row.message.replace(/\s+/g, ' ').trim();
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    preview: text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text,
    status: row.status,
    receivedAt: row.createdAt.toISOString(),
  };
}

function toDetail(row: repo.ContactRecord): ContactMessageDetail {
  return {
    ...toSummary(row),
    phoneNumber: row.phoneNumber,
    message: row.message,
    readAt: row.readAt?.toISOString() ?? null,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answeredBy: row.answeredByEmail ? { email: row.answeredByEmail, name: row.answeredByName ?? '' } : null,
    answerNote: row.answerNote,
  };
}
