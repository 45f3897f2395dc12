import type { AuditEntry } from '@marquee/contract/admin';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Audit entries, newest first: who, when, what, and the before/after on request. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  if (entries.length === 0) return <p className="py-8 text-center text-zinc-400">No entries.</p>;
  return (
    <ol aria-label="Audit entries" className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-lg bg-zinc-900/60 p-3 text-sm">
          <p className="text-white">{entry.summary}</p>
          <p className="text-xs text-zinc-400">
            <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time> · {entry.actor.name || entry.actor.email} · {entry.action}
            {entry.reason && <> · reason: {entry.reason}</>}
          </p>
          {(entry.before || entry.after) && (
            <details className="mt-2">
              <summary className="cursor-pointer text-xs text-zinc-300">Before and after</summary>
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                <pre className="overflow-x-auto rounded bg-zinc-950 p-2 text-xs">{JSON.stringify(entry.before, null, 2)}</pre>
                <pre className="overflow-x-auto rounded bg-zinc-950 p-2 text-xs">{JSON.stringify(entry.after, null, 2)}</pre>
              </div>
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}
