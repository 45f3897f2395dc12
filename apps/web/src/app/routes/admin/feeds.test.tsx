import type { ConsoleMe, PartnerFeed } from '@marquee/contract/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/test/fixtures';
import { jsonResponse, mockFetch, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';
import { useSession } from '@/lib/session-store';

function feed(overrides: Partial<PartnerFeed> = {}): PartnerFeed {
  return {
    name: 'Lanternfish',
    url: 'http://127.0.0.1:3000/demo/partner/feed.xml',
    configured: true,
    lastSyncedAt: '2026-11-26T06:00:00.000Z',
    lastCheckedAt: '2026-11-26T07:00:00.000Z',
    lastImportedAt: '2026-11-26T06:00:00.000Z',
    lastError: 'the feed answered 503',
    lastCounts: { added: 12, updated: 3, unchanged: 0, disabled: 1, skipped: 2, failed: 0, seconds: 4.2 },
    progress: null,
    titlesShown: 14,
    sync: null,
    ...overrides,
  };
}

function signInAs(role: ConsoleMe['role']) {
  const me = session({ _id: '0b7d1c3e-2f4a-4b6c-8d9e-1a2b3c4d5e6f', role });
  useSession.setState({ isLoggedIn: true, user: me });
  return { '/admin/api/me': () => jsonResponse({ ...me.user, roleSource: 'console' }) };
}

describe('console: partner feeds page', () => {
  it("shows each feed's last sync, last attempt, counts and last error; support cannot sync", async () => {
    mockFetch({ ...signInAs('support'), '/admin/api/feeds': () => jsonResponse({ items: [feed(), feed({ name: 'Oldpartner', configured: false, lastCounts: null, lastImportedAt: null, lastError: null })] }) });
    renderApp('/admin/feeds');

    const card = await screen.findByRole('region', { name: 'Lanternfish' });
    expect(within(card).getByText('Last successful sync').nextElementSibling).toHaveTextContent('26 Nov 2026');
    expect(within(card).getByText(/12 added, 3 updated, 0 unchanged, 1 withdrawn, 2 skipped, 0 failed \(4\.2 s\)/)).toBeInTheDocument();
    expect(within(card).getByText('Titles shown').nextElementSibling).toHaveTextContent('14');
    expect(within(card).getByText('the feed answered 503')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Oldpartner' })).getByText(/No longer configured/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync now' })).not.toBeInTheDocument();
  });

  it('queues a sync for an editor and follows it until it has finished', async () => {
    const jobId = crypto.randomUUID();
    let state: PartnerFeed = feed();
    const fetchMock = mockFetch({
      ...signInAs('editor'),
      '/admin/api/feeds': () => {
        const answer = state;
        // The worker picks it up, then finishes, between two reads.
        if (state.sync?.status === 'queued') state = { ...state, sync: { ...state.sync, status: 'succeeded', finishedAt: '2026-11-26T07:05:00.000Z' }, lastError: null };
        return jsonResponse({ items: [answer] });
      },
      '/admin/api/feeds/Lanternfish/sync': () => {
        state = { ...state, sync: { jobId, status: 'queued', queuedAt: '2026-11-26T07:04:00.000Z', finishedAt: null } };
        return jsonResponse(state);
      },
    });
    renderApp('/admin/feeds');

    const card = await screen.findByRole('region', { name: 'Lanternfish' });
    await userEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    expect(requestsTo(fetchMock, '/admin/api/feeds/Lanternfish/sync', 'POST')).toHaveLength(1);
    expect(await within(card).findByRole('status')).toHaveTextContent('waiting for a worker');
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeDisabled();
    expect(await within(card).findByText(/Sync now: finished 26 Nov 2026/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sync now' })).toBeEnabled();
  });

  it("follows a sync under way, whoever started it: reading the feed, items processed of total, then the import's counts", async () => {
    const startedAt = '2026-11-26T07:10:00.000Z';
    const states: PartnerFeed[] = [
      feed({ lastError: null, progress: { processed: 0, total: 0, startedAt } }),
      feed({ lastError: null, progress: { processed: 4_000, total: 10_000, startedAt } }),
      feed({
        lastError: null,
        progress: null,
        lastImportedAt: '2026-11-26T07:11:00.000Z',
        lastCounts: { added: 9_990, updated: 0, unchanged: 0, disabled: 3, skipped: 10, failed: 0, seconds: 65 },
        titlesShown: 10_002,
      }),
    ];
    let reads = 0;
    mockFetch({ ...signInAs('support'), '/admin/api/feeds': () => jsonResponse({ items: [states[Math.min(reads++, states.length - 1)]!] }) });
    renderApp('/admin/feeds');

    const card = await screen.findByRole('region', { name: 'Lanternfish' });
    expect(within(card).getByText('Syncing: reading the feed…')).toBeInTheDocument();
    const bar = await within(card).findByRole('progressbar', { name: 'Sync progress' }, { timeout: 5_000 });
    expect(bar).toHaveAttribute('aria-valuenow', '4000');
    expect(bar).toHaveAttribute('aria-valuemax', '10000');
    expect(within(card).getByText('Syncing: 4,000 of 10,000 items')).toBeInTheDocument();
    expect(await within(card).findByText(/9,990 added, 0 updated, 0 unchanged, 3 withdrawn, 10 skipped, 0 failed \(1 min 5 s\)/, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).getByText('Titles shown').nextElementSibling).toHaveTextContent('10,002');
  });
});
