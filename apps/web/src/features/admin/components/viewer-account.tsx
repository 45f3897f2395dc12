import type { ViewerAccount } from '@marquee/contract/admin';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Link } from 'react-router';
import { adminPaths } from '@/config/admin-paths';
import { formatClock, formatWhen, money } from '../utils/format';
import { ReasonForm } from './reason-form';

/** One part of an account's page: a heading and a list, or a line saying there is nothing. */
export function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="text-lg font-semibold text-white">{title}</h2>
      {children.length === 0 ? <p className="text-sm text-zinc-400">{empty}</p> : <ul className="flex flex-col gap-1 text-sm">{children}</ul>}
    </section>
  );
}

const Row = ({ children }: { children: ReactNode }) => <li className="rounded-md bg-zinc-900/60 px-3 py-2 text-zinc-200">{children}</li>;

type SignOutSession = (sessionId: string, reason: string) => Promise<unknown>;

/**
 * What support sees of an account: profiles, access, payments, where it is signed in, what it
 * plays and what it watched. With `onSignOutSession`, each session can be signed out on its own.
 */
export function ViewerAccountDetails({ account, onSignOutSession }: { account: ViewerAccount; onSignOutSession?: SignOutSession }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section title="Subscriptions" empty="No subscription.">
        {account.subscriptions.map((s) => (
          <Row key={s._id}>
            {s.plan} · {formatWhen(s.startsAt)} → {formatWhen(s.endsAt)} · <strong>{s.status}</strong> · {s.paymentId ? 'paid' : 'granted by support'}
          </Row>
        ))}
      </Section>
      <Section title="Rentals" empty="No rental.">
        {account.rentals.map((r) => (
          <Row key={r._id}>
            {r.title.name} · {r.startedAt ? `started ${formatWhen(r.startedAt)}, ends ${formatWhen(r.expiresAt!)}` : `start by ${formatWhen(r.startBy)}`} · <strong>{r.status}</strong>
            {r.paymentId ? '' : ' · granted by support'}
          </Row>
        ))}
      </Section>
      <Section title="Payments" empty="No payment.">
        {account.payments.map((p) => (
          <Row key={p._id}>
            <Link to={adminPaths.payment.href(p._id)} className="text-amber-300 underline-offset-2 hover:underline">
              {p.item} · {money(p.amount, p.currency)}
            </Link>{' '}
            · {p.provider} · <strong>{p.status}</strong> · {formatWhen(p.createdAt)}
          </Row>
        ))}
      </Section>
      <Section title="Profiles" empty="No profile yet.">
        {account.profiles.map((p) => (
          <Row key={p._id}>
            {p.name}
            {p.isKids && ' · kids'}
            {p.maxAgeRating !== null && ` · up to ${p.maxAgeRating}+`}
          </Row>
        ))}
      </Section>
      <Section title="Signed-in sessions" empty="Signed in nowhere.">
        {account.sessions.map((s) => (
          <SessionRow key={s._id} session={s} onSignOut={onSignOutSession} />
        ))}
      </Section>
      <Section title="Playing now" empty="Nothing is playing.">
        {account.streams.map((s) => (
          <Row key={s._id}>
            {s.title} on {s.device} · since {formatWhen(s.startedAt)}
          </Row>
        ))}
      </Section>
      <Section title="Watch history" empty="Nothing watched yet.">
        {account.watchHistory.map((w) => (
          <Row key={`${w.profile}-${w.title._id}`}>
            {w.title.name}
            {w.episode && ` · episode ${w.episode.number}: ${w.episode.name}`} · stopped at {formatClock(w.positionSeconds)} of {formatClock(w.durationSeconds)} · {w.profile} ·{' '}
            {formatWhen(w.watchedAt)}
          </Row>
        ))}
      </Section>
    </div>
  );
}

function SessionRow({ session, onSignOut }: { session: ViewerAccount['sessions'][number]; onSignOut: SignOutSession | undefined }) {
  const [asking, setAsking] = useState(false);
  const since = formatWhen(session.createdAt);
  return (
    <Row>
      <div className="flex flex-wrap items-center gap-2">
        <span>
          Since {since} · last seen {formatWhen(session.lastSeenAt)}
          {session.profile && ` · ${session.profile}`}
        </span>
        {onSignOut && !asking && (
          <Button size="sm" variant="ghost" className="ml-auto" aria-label={`Sign out the session signed in since ${since}`} onClick={() => setAsking(true)}>
            Sign out
          </Button>
        )}
      </div>
      {onSignOut && asking && (
        <ReasonForm
          label={`Sign out the session signed in since ${since}`}
          description="Only this device is signed out; whatever it plays stops."
          submitLabel="Sign out this session"
          variant="secondary"
          done="Signed out."
          onSubmit={({ reason }) => onSignOut(session._id, reason)}
        />
      )}
    </Row>
  );
}
