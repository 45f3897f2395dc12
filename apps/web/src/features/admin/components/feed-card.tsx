import type { PartnerFeed } from '@marquee/contract/admin';
import { Button } from '@/components/ui/button';
import { useSyncFeed } from '../api/feeds';
import { formatDuration, formatWhen } from '../utils/format';
import { FormMessage } from './fields';

/** One partner feed: its syncs, what the last import did, its last error, and Sync now. */
export function FeedCard({ feed, canSync }: { feed: PartnerFeed; canSync: boolean }) {
  const sync = useSyncFeed();
  const busy = feed.sync?.status === 'queued' || feed.sync?.status === 'running';
  const counts = feed.lastCounts;
  return (
    <section aria-label={feed.name} className="flex flex-col gap-3 rounded-lg bg-zinc-900 p-4 ring-1 ring-white/10">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-lg font-semibold text-white">{feed.name}</h2>
        {!feed.configured && <span className="rounded bg-zinc-800 px-2 py-0.5 text-xs text-zinc-300">No longer configured: its titles are hidden</span>}
        {canSync && feed.configured && (
          <Button size="sm" className="ml-auto" disabled={busy || sync.isPending} onClick={() => sync.mutate({ name: feed.name })}>
            Sync now
          </Button>
        )}
      </header>
      <p className="text-xs break-all text-zinc-400">{feed.url}</p>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-zinc-400">Last successful sync</dt>
        <dd className="text-zinc-100">{feed.lastSyncedAt ? formatWhen(feed.lastSyncedAt) : 'Never'}</dd>
        <dt className="text-zinc-400">Last attempt</dt>
        <dd className="text-zinc-100">{feed.lastCheckedAt ? formatWhen(feed.lastCheckedAt) : 'Never'}</dd>
        <dt className="text-zinc-400">Last import</dt>
        <dd className="text-zinc-100">
          {counts && feed.lastImportedAt
            ? `${formatWhen(feed.lastImportedAt)}: ${lastCounts(counts)}${counts.seconds === null ? '' : ` (${formatDuration(counts.seconds)})`}`
            : 'None yet'}
        </dd>
        <dt className="text-zinc-400">Titles shown</dt>
        <dd className="text-zinc-100">{count.format(feed.titlesShown)}</dd>
      </dl>
      {feed.progress && <SyncProgress progress={feed.progress} />}
      {feed.lastError && (
        <div className="flex flex-col gap-1">
          <p className="text-sm text-red-300">The last sync failed:</p>
          <pre className="max-h-32 overflow-auto rounded bg-black/60 p-2 text-xs whitespace-pre-wrap text-red-200">{feed.lastError}</pre>
        </div>
      )}
      {feed.sync && <SyncState sync={feed.sync} />}
      {sync.isError && <FormMessage tone="error">{sync.error.message}</FormMessage>}
    </section>
  );
}

/** The sync under way, whoever started it: items dealt with of the feed's total. */
function SyncProgress({ progress }: { progress: NonNullable<PartnerFeed['progress']> }) {
  const { processed, total } = progress;
  if (total === 0) return <p className="text-sm text-zinc-300">Syncing: reading the feed…</p>;
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-zinc-300">
        Syncing: {count.format(processed)} of {count.format(total)} items
      </p>
      <div role="progressbar" aria-label="Sync progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={processed} className="h-1.5 w-full max-w-md overflow-hidden rounded bg-zinc-800">
        <div className="h-full bg-sky-400" style={{ width: `${Math.round((processed / total) * 100)}%` }} />
      </div>
    </div>
  );
}

const count = new Intl.NumberFormat('en-GB');

function lastCounts(counts: NonNullable<PartnerFeed['lastCounts']>): string {
  const parts: [number, string][] = [
    [counts.added, 'added'],
    [counts.updated, 'updated'],
    [counts.unchanged, 'unchanged'],
    [counts.disabled, 'withdrawn'],
    [counts.skipped, 'skipped'],
    [counts.failed, 'failed'],
  ];
  return parts.map(([n, what]) => `${count.format(n)} ${what}`).join(', ');
}

function SyncState({ sync }: { sync: NonNullable<PartnerFeed['sync']> }) {
  const said: Record<typeof sync.status, string> = {
    queued: 'Sync now: waiting for a worker…',
    running: 'Sync now: running…',
    succeeded: `Sync now: finished ${sync.finishedAt ? formatWhen(sync.finishedAt) : ''}`.trim(),
    failed: 'Sync now: the job failed (see Jobs)',
    cancelled: 'Sync now: cancelled',
  };
  return (
    <p role="status" className="text-sm text-zinc-300">
      {said[sync.status]}
    </p>
  );
}
