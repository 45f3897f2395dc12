import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { VideoPlayer } from './video-player';

const subtitles = [
  { lang: 'en', label: 'English', src: '/media/s/1/v/sig/a/subtitles/en.vtt' },
  { lang: 'fr', label: 'Français', src: '/media/s/1/v/sig/a/subtitles/fr.vtt' },
];

/** jsdom plays nothing: the test stands in for the media element's clock and events. */
function started(video: HTMLVideoElement, at = { time: 30, duration: 600 }) {
  let time = at.time;
  Object.defineProperty(video, 'duration', { configurable: true, get: () => at.duration });
  Object.defineProperty(video, 'currentTime', { configurable: true, get: () => time, set: (value: number) => (time = value) });
  act(() => {
    video.dispatchEvent(new Event('play'));
    video.dispatchEvent(new Event('durationchange'));
  });
}

function renderPlayer(props: Partial<Parameters<typeof VideoPlayer>[0]> = {}) {
  renderWithProviders(<VideoPlayer src="/media/s/1/v/sig/a/master.m3u8" poster="/media/images/h.webp" label="The Long Night" subtitles={subtitles} {...props} />);
  const region = screen.getByRole('region', { name: 'The Long Night player' });
  const video = region.querySelector('video')!;
  return { region, video };
}

describe('VideoPlayer', () => {
  it('offers to resume from the saved position, and shows controls once playing', () => {
    const { region, video } = renderPlayer({ startAt: 754 });
    expect(within(region).getByRole('button', { name: 'Resume from 12:34' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();

    started(video, { time: 754, duration: 3000 });
    expect(within(region).queryByRole('button', { name: /Resume/ })).not.toBeInTheDocument();
    expect(within(region).getByText('12:34 / 50:00')).toBeInTheDocument();
    expect(within(region).getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '12:34 of 50:00');
    expect(within(region).getByRole('slider', { name: 'Volume' })).toBeInTheDocument();
  });

  it('draws the poster at the sizes the artwork is kept at until the first frame plays', () => {
    const { region, video } = renderPlayer();
    expect(video).not.toHaveAttribute('poster');
    const poster = () => region.querySelector('picture img');
    expect(region.querySelector('picture source[type="image/avif"]')).toHaveAttribute('srcset', expect.stringContaining('/media/images/h.640w.avif 640w'));
    expect(poster()).toHaveAttribute('srcset', expect.stringContaining('/media/images/h.320w.webp 320w'));
    expect(poster()).toHaveAttribute('sizes', '100vw');

    // Pressed but no frame yet: the picture stays rather than a black box.
    act(() => video.dispatchEvent(new Event('play')));
    expect(poster()).toBeInTheDocument();
    act(() => video.dispatchEvent(new Event('playing')));
    expect(poster()).not.toBeInTheDocument();
  });

  it('starts from the beginning with a plain Play button', () => {
    const { region } = renderPlayer();
    expect(within(region).getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('answers the keyboard shortcuts: arrows seek and change volume, m mutes', () => {
    const { region, video } = renderPlayer();
    started(video);

    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(40);
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(20);

    fireEvent.keyDown(region, { key: 'ArrowDown' });
    expect(video.volume).toBeCloseTo(0.9);
    fireEvent.keyDown(region, { key: 'm' });
    expect(video.muted).toBe(true);
    fireEvent.keyDown(region, { key: 'M' });
    expect(video.muted).toBe(false);
  });

  it('leaves arrows to the focused slider and space to the focused button', () => {
    const { region, video } = renderPlayer();
    started(video);
    fireEvent.keyDown(within(region).getByRole('slider', { name: 'Volume' }), { key: 'ArrowRight' });
    expect(video.currentTime).toBe(30);
    const mute = within(region).getByRole('button', { name: 'Mute' });
    expect(fireEvent.keyDown(mute, { key: ' ' })).toBe(true);
  });

  it('has a subtitles menu that works with the keyboard', async () => {
    const user = userEvent.setup();
    const { region, video } = renderPlayer();
    started(video);
    expect(video.querySelectorAll('track')).toHaveLength(2);

    const button = within(region).getByRole('button', { name: 'Subtitles: Off' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await within(region).findByRole('menu', { name: 'Subtitles' });
    await waitFor(() => expect(within(menu).getByRole('menuitemradio', { name: 'Off' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitemradio', { name: 'Français' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(within(region).queryByRole('menu')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Subtitles: Français' })).toHaveFocus();

    // Open again: on the chosen item.
    await user.keyboard('{Enter}');
    const chosen = await within(region).findByRole('menuitemradio', { name: 'Français' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    await waitFor(() => expect(chosen).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(within(region).queryByRole('menu')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Subtitles: Français' })).toHaveFocus();
  });

  it('shows a buffering indicator while the video waits for data', () => {
    const { video } = renderPlayer();
    started(video);
    act(() => {
      video.dispatchEvent(new Event('waiting'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading video');
    act(() => {
      video.dispatchEvent(new Event('playing'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when the video cannot be played and offers Retry, which clears the error', async () => {
    const { region, video } = renderPlayer();
    act(() => {
      video.dispatchEvent(new Event('error'));
    });
    expect(within(region).getByRole('alert')).toHaveTextContent('The video could not be played.');
    expect(within(region).queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();

    // jsdom cannot play: record that Retry starts playback again.
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    await userEvent.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
    await expect.poll(() => play.mock.contexts.at(-1)).toBe(video);
  });
});
