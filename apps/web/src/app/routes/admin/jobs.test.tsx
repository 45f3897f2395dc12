import type { AdminJob, ConsoleMe, JobPage } from '@marquee/contract/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderApp } from '@/test/render';
import { useSession } from '@/lib/session-store';

const TITLE_ID = '5b0c1a52-8f4e-4a8e-9d7a-3f1e2c4b5a60';

function job(overrides: Partial<AdminJob> = {}): AdminJob {
  return {
    _id: crypto.randomUUID(),
    kind: 'media.transcode',
    kindLabel: 'Transcode',
    subject: { label: 'Night Ferry: full video', titleId: TITLE_ID },
    status: 'succeeded',
    attempts: 1,
    maxAttempts: 5,
    progress: 100,
    lastError: null,
    createdAt: '2026-11-26T07:00:00.000Z',
    runAt: '2026-11-26T07:00:00.000Z',
    updatedAt: '2026-11-26T07:01:00.000Z',
    finishedAt: '2026-11-26T07:01:00.000Z',
    canRetry: false,
    canCancel: false,
    ...overrides,
  };
}

const failed = job({ status: 'failed', attempts: 5, lastError: 'moov atom not found', finishedAt: '2026-11-26T07:02:00.000Z', canRetry: true });
const running = job({ subject: { label: 'Salt Roads: trailer', titleId: TITLE_ID }, status: 'running', progress: 42, finishedAt: null, canCancel: true });
const sync = job({ kind: 'third-party.sync', kindLabel: 'Partner feed sync', subject: { label: 'Feed Lanternfish', titleId: null }, status: 'queued', progress: null, finishedAt: null, canCancel: true });

const page = (items: AdminJob[]): JobPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 25,
  kinds: [
    { kind: 'media.transcode', label: 'Transcode' },
    { kind: 'third-party.sync', label: 'Partner feed sync' },
  ],
});

function signInAs(role: ConsoleMe['role']) {
  const me = session({ _id: '0b7d1c3e-2f4a-4b6c-8d9e-1a2b3c4d5e6f', name: 'Olga Operator', role });
  useSession.setState({ isLoggedIn: true, user: me });
  return { '/admin/api/me': () => jsonResponse({ ...me.user, roleSource: 'console' }) };
}

describe('console: jobs page', () => {
  it('shows each job with its state, subject, attempts, progress and last error; filters by state and kind in the address', async () => {
    const fetchMock = mockFetch({ ...signInAs('support'), '/admin/api/jobs': () => jsonResponse(page([running, failed, sync])) });
    const { router } = renderApp('/admin/jobs');

    const rows = await screen.findAllByRole('listitem', { name: /Transcode|Partner feed sync/ });
    expect(rows).toHaveLength(3);
    const ferry = screen.getByRole('listitem', { name: 'Transcode: Night Ferry: full video' });
    expect(within(ferry).getByText('Failed')).toBeInTheDocument();
    expect(within(ferry).getByText(/Attempt 5 of 5/)).toBeInTheDocument();
    expect(within(ferry).getByLabelText('Last error')).toHaveTextContent('moov atom not found');
    expect(within(ferry).getByRole('link', { name: 'Night Ferry: full video' })).toHaveAttribute('href', `/admin/titles/${TITLE_ID}`);
    expect(within(screen.getByRole('listitem', { name: 'Transcode: Salt Roads: trailer' })).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '42');
    // Support reads: no Retry, no Cancel.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('State'), 'Failed');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Transcode');
    expect(router.state.location.search).toBe('?status=failed&kind=media.transcode');
    const last = requestsTo(fetchMock, '/admin/api/jobs').at(-1)!;
    expect(last.url.searchParams.get('status')).toBe('failed');
    expect(last.url.searchParams.get('kind')).toBe('media.transcode');
  });

  it('lets an editor retry a failed job and cancel a queued one, and shows a refusal beside the job', async () => {
    let items = [failed, sync];
    const fetchMock = mockFetch({
      ...signInAs('editor'),
      '/admin/api/jobs': () => jsonResponse(page(items)),
      [`/admin/api/jobs/${failed._id}/retry`]: () => {
        items = [{ ...failed, status: 'queued', attempts: 0, canRetry: false, canCancel: true }, sync];
        return jsonResponse(items[0]);
      },
      [`/admin/api/jobs/${sync._id}/cancel`]: () => problemResponse(409, 'This job has already finished: there is nothing to cancel'),
    });
    renderApp('/admin/jobs');

    const ferry = await screen.findByRole('listitem', { name: 'Transcode: Night Ferry: full video' });
    await userEvent.click(within(ferry).getByRole('button', { name: 'Retry' }));
    expect(requestsTo(fetchMock, `/admin/api/jobs/${failed._id}/retry`, 'POST')).toHaveLength(1);
    expect(await within(ferry).findByText('Queued')).toBeInTheDocument();
    expect(within(ferry).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();

    const feed = screen.getByRole('listitem', { name: 'Partner feed sync: Feed Lanternfish' });
    await userEvent.click(within(feed).getByRole('button', { name: 'Cancel' }));
    expect(await within(feed).findByRole('alert')).toHaveTextContent('This job has already finished: there is nothing to cancel');
  });
});
