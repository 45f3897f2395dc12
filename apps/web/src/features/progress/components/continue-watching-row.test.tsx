import type { ContinueWatchingEntry } from '@marquee/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { rowItem, session, uuid } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { ContinueWatchingRow } from './continue-watching-row';

const film = rowItem({ name: 'The Long Night', slug: 'the-long-night' });
const show = rowItem({ name: 'Harbour Lights', slug: 'harbour-lights', kind: 'series' });
const episodeId = uuid();

const entries: ContinueWatchingEntry[] = [
  { kind: 'movie', item: film, episode: null, position: 1800, duration: 6000 },
  { kind: 'series', item: show, episode: { _id: episodeId, number: 3, name: 'The Storm' }, position: 0, duration: 2880 },
];

function signIn() {
  useSession.getState().updateUser(session());
}

describe('ContinueWatchingRow', () => {
  it('shows nothing to a visitor and asks the server nothing', async () => {
    const fetchMock = mockFetch({}, () => jsonResponse(entries));
    renderWithProviders(<ContinueWatchingRow />);
    await Promise.resolve();
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, '/user/continue-watching')).toHaveLength(0);
  });

  it('lists the titles with how much was watched, linking to the right episode', async () => {
    signIn();
    mockFetch({ '/user/continue-watching': () => jsonResponse(entries) });
    renderWithProviders(<ContinueWatchingRow />);

    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    expect(within(row).getByRole('link', { name: 'The Long Night, 30% watched' })).toHaveAttribute('href', '/movie/the-long-night');
    expect(within(row).getByRole('link', { name: 'Harbour Lights, Episode 3: The Storm, 0% watched' })).toHaveAttribute(
      'href',
      `/series/harbour-lights?episode=${episodeId}`,
    );
  });

  it('is absent when there is nothing to continue', async () => {
    signIn();
    const fetchMock = mockFetch({ '/user/continue-watching': () => jsonResponse([]) });
    renderWithProviders(<ContinueWatchingRow />);
    await expect.poll(() => requestsTo(fetchMock, '/user/continue-watching').length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Continue Watching' })).not.toBeInTheDocument();
  });

  it('removes a title at once and tells the server', async () => {
    signIn();
    const answer = deferred();
    let list = entries;
    const fetchMock = mockFetch({
      '/user/continue-watching': () => jsonResponse(list),
      '/user/continue-watching-remove': () => answer.promise,
    });
    renderWithProviders(<ContinueWatchingRow />);
    const row = await screen.findByRole('region', { name: 'Continue Watching' });

    await userEvent.click(within(row).getByRole('button', { name: 'Remove The Long Night from Continue Watching' }));
    // Gone before the server has answered.
    expect(within(row).queryByRole('link', { name: /The Long Night/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: /Harbour Lights/ })).toBeInTheDocument();
    const [removal] = requestsTo(fetchMock, '/user/continue-watching-remove', 'PUT');
    expect(JSON.parse(String(removal!.init?.body))).toEqual({ id: film._id });

    list = entries.slice(1);
    answer.resolve(jsonResponse({ message: 'Removed from Continue Watching' }));
    await expect.poll(() => requestsTo(fetchMock, '/user/continue-watching').length).toBe(2);
    expect(within(row).queryByRole('link', { name: /The Long Night/ })).not.toBeInTheDocument();
  });

  it('puts the title back and says so when the server refuses', async () => {
    signIn();
    mockFetch({
      '/user/continue-watching': () => jsonResponse(entries),
      '/user/continue-watching-remove': () => problemResponse(404, 'Title not found'),
    });
    renderWithProviders(<ContinueWatchingRow />);
    const row = await screen.findByRole('region', { name: 'Continue Watching' });
    await userEvent.click(within(row).getByRole('button', { name: 'Remove The Long Night from Continue Watching' }));

    expect(await within(row).findByRole('alert')).toHaveTextContent('could not be removed');
    expect(within(row).getByRole('link', { name: /The Long Night/ })).toBeInTheDocument();
  });
});
