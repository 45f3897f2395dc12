import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VideoSubtitles } from '@marquee/contract/admin';
import { useSession } from '@/lib/session-store';
import { session, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { SubtitleTracks } from './subtitle-tracks';

const assetId = uuid();
const path = `/admin/api/videos/${assetId}/subtitles`;
const source = { lang: 'fr', label: 'Français', origin: 'video', cues: null, uploadedAt: null, replaced: false } as const;
const english = { lang: 'en', label: 'English', origin: 'upload', cues: 12, uploadedAt: '2026-11-20T10:00:00.000Z', replaced: false } as const;
const answer = (tracks: VideoSubtitles['tracks']) => jsonResponse({ assetId, tracks });
const vtt = (text = 'WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n') => new File([text], 'track.vtt', { type: 'text/vtt' });

beforeEach(() => useSession.getState().updateUser(session({ name: 'Eddie Editor' }, 'token-editor-0123456789')));

async function open() {
  await userEvent.click(screen.getByText(/^Subtitles/));
}

describe('SubtitleTracks', () => {
  it("lists the uploaded and the source's tracks; support sees them without any control", async () => {
    mockFetch({ [path]: () => answer([english, source]) });
    renderWithProviders(<SubtitleTracks assetId={assetId} readOnly />);
    await open();
    const list = await screen.findByRole('list', { name: 'Subtitle tracks' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringMatching(/^Englishen12 cues, uploaded/), 'Françaisfrfrom the video file']);
    expect(screen.queryByRole('button', { name: /Replace|Delete|Upload/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add subtitles' })).toBeNull();
  });

  it('checks the language code and the file before sending, then uploads and shows the new track', async () => {
    const fetchMock = mockFetch({ [path]: (_url, init) => (init?.method === 'POST' ? answer([english, { ...english, lang: 'de', label: 'Deutsch', cues: 3 }, source]) : answer([english, source])) });
    renderWithProviders(<SubtitleTracks assetId={assetId} readOnly={false} />);
    await open();
    const form = await screen.findByRole('form', { name: 'Add subtitles' });
    await userEvent.type(within(form).getByLabelText('Language code'), 'xx');
    await userEvent.type(within(form).getByLabelText('Label'), 'Deutsch');
    await userEvent.click(within(form).getByRole('button', { name: 'Upload subtitles' }));
    expect(await within(form).findByLabelText('Language code')).toHaveAccessibleDescription(expect.stringContaining('Unknown language code'));
    expect(within(form).getByLabelText('WebVTT file')).toHaveAccessibleDescription(expect.stringContaining('Choose a WebVTT (.vtt) file'));
    expect(requestsTo(fetchMock, path, 'POST')).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Language code'));
    await userEvent.type(within(form).getByLabelText('Language code'), 'DE');
    await userEvent.upload(within(form).getByLabelText('WebVTT file'), vtt());
    await userEvent.click(within(form).getByRole('button', { name: 'Upload subtitles' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uploaded: viewers can choose it now.');
    const [sent] = requestsTo(fetchMock, path, 'POST');
    const body = sent!.init!.body as FormData;
    expect([body.get('lang'), body.get('label'), (body.get('file') as File).name]).toEqual(['de', 'Deutsch', 'track.vtt']);
    expect(within(screen.getByRole('list', { name: 'Subtitle tracks' })).getByText('Deutsch')).toBeInTheDocument();
  });

  it("shows the server's refusal beside the field it names", async () => {
    mockFetch({
      [path]: (_url, init) =>
        init?.method === 'POST' ? problemResponse(409, 'This video already has uploaded en subtitles: replace them instead', [{ path: 'body.lang', message: 'This video already has uploaded en subtitles: replace them instead' }]) : answer([english]),
    });
    renderWithProviders(<SubtitleTracks assetId={assetId} readOnly={false} />);
    await open();
    const form = await screen.findByRole('form', { name: 'Add subtitles' });
    await userEvent.type(within(form).getByLabelText('Language code'), 'en');
    await userEvent.type(within(form).getByLabelText('Label'), 'English again');
    await userEvent.upload(within(form).getByLabelText('WebVTT file'), vtt());
    await userEvent.click(within(form).getByRole('button', { name: 'Upload subtitles' }));
    expect(await within(form).findByLabelText('Language code')).toHaveAccessibleDescription(expect.stringContaining('replace them instead'));
  });

  it('replaces an uploaded file and deletes a track after asking', async () => {
    const fetchMock = mockFetch({
      [path]: () => answer([english, source]),
      [`${path}/en`]: (_url, init) => (init?.method === 'DELETE' ? answer([source]) : answer([{ ...english, label: 'English (SDH)', cues: 14 }, source])),
    });
    renderWithProviders(<SubtitleTracks assetId={assetId} readOnly={false} />);
    await open();
    await userEvent.click(await screen.findByRole('button', { name: 'Replace the English subtitles' }));
    const form = screen.getByRole('form', { name: 'Replace the English subtitles' });
    expect(within(form).getByLabelText('Language code')).toHaveValue('en');
    await userEvent.clear(within(form).getByLabelText('Label'));
    await userEvent.type(within(form).getByLabelText('Label'), 'English (SDH)');
    await userEvent.upload(within(form).getByLabelText('WebVTT file'), vtt());
    await userEvent.click(within(form).getByRole('button', { name: 'Replace subtitles' }));
    expect(await screen.findByText('14 cues', { exact: false })).toBeInTheDocument();
    expect((requestsTo(fetchMock, `${path}/en`, 'PUT')[0]!.init!.body as FormData).get('label')).toBe('English (SDH)');

    await userEvent.click(screen.getByRole('button', { name: 'Delete the English (SDH) subtitles' }));
    const confirm = screen.getByRole('group', { name: 'Delete the English (SDH) subtitles?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('from the video file')).toBeInTheDocument();
    expect(screen.queryByText('English (SDH)')).toBeNull();
    expect(requestsTo(fetchMock, `${path}/en`, 'DELETE')).toHaveLength(1);
  });
});
