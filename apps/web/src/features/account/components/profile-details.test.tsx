import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSession } from '@/lib/session-store';
import { session } from '@/test/fixtures';
import { authorizationOf, jsonResponse, mockFetch, problemResponse, requestsTo } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { ProfileDetails } from './profile-details';

function renderProfile(overrides: Parameters<typeof session>[0] = {}) {
  const ana = session({ name: 'Ana Reyes', email: 'ana@example.com', phoneNumber: '+351 912 345 678', dob: '1990-04-21', ...overrides });
  useSession.getState().updateUser(ana);
  // Reads the store like the page does, so updates show.
  function Page() {
    const current = useSession((state) => state.user);
    return current ? <ProfileDetails session={current} supportEmail="help@marquee.example" /> : null;
  }
  renderWithProviders(<Page />);
  return ana;
}

describe('ProfileDetails', () => {
  it('shows initials, name, the email for an email login, the date of birth and a Support mail link', () => {
    renderProfile();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByRole('heading', { name: 'Ana Reyes' })).toBeInTheDocument();
    expect(within(profile).getByText('AR')).toBeInTheDocument();
    expect(within(profile).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(profile).queryByText('+351 912 345 678')).not.toBeInTheDocument();
    expect(within(profile).getByText('21 April 1990')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'Support' })).toHaveAttribute('href', 'mailto:help@marquee.example');
  });

  it('shows the phone number for a phone login', () => {
    const ana = session({ phoneNumber: '+351 912 345 678' });
    useSession.getState().updateUser({ ...ana, loginWith: 'phone' });
    renderWithProviders(<ProfileDetails session={{ ...ana, loginWith: 'phone' }} supportEmail="help@marquee.example" />);
    expect(screen.getByText('Phone number')).toBeInTheDocument();
    expect(screen.getByText('+351 912 345 678')).toBeInTheDocument();
  });

  it("shows the server's error in red inside the dialog and keeps it open", async () => {
    renderProfile();
    mockFetch({
      '/user/profile': () =>
        problemResponse(400, 'body.name: Name must not contain control characters or angle brackets', [
          { path: 'body.name', message: 'Name must not contain control characters or angle brackets' },
        ]),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    await userEvent.clear(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Ana <b>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const error = await within(dialog).findByRole('alert');
    expect(error).toHaveTextContent('Name must not contain control characters or angle brackets');
    expect(error).toHaveClass('text-red-400');
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(useSession.getState().user?.user.name).toBe('Ana Reyes');
  });

  it('sends the name as typed with the current details, stores the answer and closes', async () => {
    const ana = renderProfile();
    const fetchMock = mockFetch({
      '/user/profile': (_url, init) => jsonResponse({ ...ana.user, name: JSON.parse(String(init?.body)).name }),
    });

    await userEvent.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const input = within(screen.getByRole('dialog')).getByLabelText('Name');
    expect(input).toHaveValue('Ana Reyes');
    await userEvent.clear(input);
    await userEvent.type(input, '  Ana María  ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const [call] = requestsTo(fetchMock, '/user/profile', 'PUT');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ana.token}`);
    expect(JSON.parse(String(call?.init?.body))).toEqual({ name: '  Ana María  ', email: 'ana@example.com', phoneNumber: '+351 912 345 678', dob: '1990-04-21' });
    expect(useSession.getState().user).toEqual({ ...ana, user: { ...ana.user, name: '  Ana María  ' } });
    expect(screen.getByRole('heading', { name: 'Ana María' })).toBeInTheDocument();
  });
});

describe('avatar upload', () => {
  it('sends nothing when the picker closes without a file', () => {
    renderProfile();
    const fetchMock = mockFetch({});
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'image/*');

    fireEvent.change(input, { target: { files: [] } });

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads the chosen image as multipart `image` and shows the new picture', async () => {
    const ana = renderProfile();
    const fetchMock = mockFetch({ '/user/update-image': () => jsonResponse({ ...ana.user, image: '/media/avatars/ana.webp' }) });
    const file = new File(['png'], 'me.png', { type: 'image/png' });

    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);

    await expect.poll(() => useSession.getState().user?.user.image).toBe('/media/avatars/ana.webp');
    const [call] = requestsTo(fetchMock, '/user/update-image', 'PUT');
    expect((call?.init?.body as FormData).get('image')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: 'Change profile picture' }).querySelector('img')).toHaveAttribute('src', '/media/avatars/ana.webp');
  });

  it("shows the server's message for a file that is not an image", async () => {
    renderProfile();
    mockFetch({ '/user/update-image': () => problemResponse(400, 'The file is not an image we can read') });

    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['text'], 'notes.png', { type: 'image/png' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not an image we can read');
    expect(useSession.getState().user?.user.image).toBe('');
  });
});
