import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { episode, series } from '@/test/fixtures';
import { jsonResponse, mockFetch } from '@/test/http';
import { renderApp } from '@/test/render';

describe('/series/:id', () => {
  it('lists the episodes and selects one by index; Watch Now follows the episode’s access', async () => {
    const show = series({
      episodes: [
        episode({ number: 1, name: 'Pilot', url: '/media/hls/pilot.m3u8' }),
        episode({ number: 2, name: 'The Storm', description: 'The harbour floods.', url: null }),
      ],
    });
    mockFetch({ [`/series-name/${show.slug}`]: () => jsonResponse(show) }, () => jsonResponse([]));
    renderApp(`/series/${show.slug}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Lights' })).toBeInTheDocument();
    expect(screen.getByText('2 episodes')).toBeInTheDocument();
    expect(screen.getByText('Episode 1: Pilot')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watch Now' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /The Storm/ }));
    expect(screen.getByText('Episode 2: The Storm')).toBeInTheDocument();
    expect(screen.getByText('The harbour floods.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Watch Now' })).toBeInTheDocument();
  });
});
