import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session, uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { CastPhotos } from './cast-photos';

const ines = { personId: uuid(), name: 'Inès Marlowe', role: 'Captain', image: '/media/images/people/ines.webp' };
const tom = { personId: uuid(), name: 'Tom Okafor', role: '', image: '' };
const title = { _id: uuid(), name: 'Glass Orchard', cast: [ines, tom] };
const photoPath = (personId: string) => `/admin/api/people/${personId}/photo`;
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tom.png', { type: 'image/png' });

beforeEach(() => useSession.getState().updateUser(session({ name: 'Eddie Editor' }, 'token-editor-0123456789')));

describe('CastPhotos', () => {
  it("shows each cast member's photo and role; support sees them without a file input", () => {
    renderWithProviders(<CastPhotos title={title} readOnly />);
    const cast = screen.getByRole('list', { name: 'Cast of Glass Orchard' });
    expect(within(cast).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Inès Marlowe · Captain', 'Tom Okafor']);
    expect(within(cast).getByRole('img', { name: 'Inès Marlowe' })).toHaveAttribute('src', ines.image);
    expect(screen.queryByLabelText(/^Photo of/)).toBeNull();
  });

  it('uploads the chosen photo for that person only', async () => {
    const fetchMock = mockFetch({ [photoPath(tom.personId)]: () => jsonResponse({ _id: tom.personId, name: tom.name, image: '/media/images/people/tom.webp' }) });
    renderWithProviders(<CastPhotos title={title} readOnly={false} />);
    await userEvent.upload(screen.getByLabelText('Photo of Tom Okafor'), png());
    await screen.findByLabelText('Photo of Tom Okafor');
    await expect.poll(() => requestsTo(fetchMock, photoPath(tom.personId), 'POST').length).toBe(1);
    const body = requestsTo(fetchMock, photoPath(tom.personId), 'POST')[0]!.init!.body as FormData;
    expect((body.get('image') as File).name).toBe('tom.png');
    expect(requestsTo(fetchMock, photoPath(ines.personId))).toHaveLength(0);
  });

  it("shows the server's refusal beside the person, and drops the preview", async () => {
    mockFetch({ [photoPath(tom.personId)]: () => problemResponse(415, 'This file is not an image we can read (PNG, JPEG or WebP)') });
    renderWithProviders(<CastPhotos title={title} readOnly={false} />);
    await userEvent.upload(screen.getByLabelText('Photo of Tom Okafor'), png());
    const tomItem = screen.getAllByRole('listitem')[1]!;
    expect(await within(tomItem).findByText('This file is not an image we can read (PNG, JPEG or WebP)')).toBeInTheDocument();
    expect(within(tomItem).queryByRole('img')).toBeNull();
  });

  it('shows nothing for a title without cast', () => {
    const { container } = renderWithProviders(<CastPhotos title={{ ...title, cast: [] }} readOnly={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
