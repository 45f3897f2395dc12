import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Claims the periods ending before `until` that nothing renews, marking them announced in the same
 * statement, so two workers never announce one period twice.
 */
export async function claimEndingSubscriptions(db: Executor, input: { now: Date; until: Date }) {
  const result = await db.execute<{ user_id: string; ends_at: string }>(sql`
    update subscriptions s set end_reminder_at = ${input.now}
    where s.end_reminder_at is null and s.revoked_at is null
      and s.starts_at <= ${input.now} and s.ends_at > ${input.now} and s.ends_at <= ${input.until}
      and not exists (
        select 1 from subscriptions later
        where later.user_id = s.user_id and later.revoked_at is null and later.ends_at > s.ends_at)
    returning s.user_id, s.ends_at`);
  return result.rows.map((r) => ({ userId: r.user_id, endsAt: new Date(r.ends_at) }));
}

/**
 * Claims rentals about to run out: started ones whose viewing window ends before `viewingUntil`,
 * unstarted ones whose start window ends before `startUntil`.
 */
export async function claimExpiringRentals(db: Executor, input: { now: Date; viewingUntil: Date; startUntil: Date }) {
  const result = await db.execute<{ user_id: string; name: string; started: boolean; ends: string }>(sql`
    update rentals r set expiry_reminder_at = ${input.now}
    from titles t
    where t.id = r.title_id and r.expiry_reminder_at is null and r.revoked_at is null
      and (
        (r.started_at is not null and r.expires_at > ${input.now} and r.expires_at <= ${input.viewingUntil})
        or (r.started_at is null and r.start_by > ${input.now} and r.start_by <= ${input.startUntil}))
    returning r.user_id, t.name, r.started_at is not null as started, coalesce(r.expires_at, r.start_by) as ends`);
  return result.rows.map((r) => ({ userId: r.user_id, title: r.name, started: r.started, endsAt: new Date(r.ends) }));
}
