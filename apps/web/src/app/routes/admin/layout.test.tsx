import type { AdminCategory } from '@marquee/contract/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { session } from '@/test/fixtures';
import { deferred, jsonResponse, mockFetch, problemResponse } from '@/test/http';
import { renderApp } from '@/test/render';
import { useSession } from '@/lib/session-store';

const HOME = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';

function category(overrides: Partial<AdminCategory> = {}): AdminCategory {
  return { _id: HOME, name: 'Home', isEnable: true, rowCount: 0, bannerCount: 0, updatedAt: '2026-11-26T07:00:00.000Z', ...overrides };
}

function signInAsEditor() {
  const me = session({ _id: '0b7d1c3e-2f4a-4b6c-8d9e-1a2b3c4d5e6f', role: 'editor' });
  useSession.setState({ isLoggedIn: true, user: me });
  return { '/admin/api/me': () => jsonResponse({ ...me.user, roleSource: 'console' }) };
}

describe('console: home layout, a category shown or hidden', () => {
  it('keeps the box as the editor left it from the click, while it is saved, and after', async () => {
    let saved = category();
    const save = deferred();
    mockFetch({
      ...signInAsEditor(),
      '/admin/api/categories': () => jsonResponse({ items: [saved], version: 'v1' }),
      [`/admin/api/categories/${HOME}`]: async () => {
        const answer = await save.promise;
        saved = category({ isEnable: false, updatedAt: '2026-11-26T07:01:00.000Z' });
        return answer;
      },
    });
    renderApp('/admin/layout');
    const box = await screen.findByRole('checkbox', { name: /^Shown\s*Home$/ });
    expect(box).toBeChecked();

    // The click alone, nothing awaited after it: the box must not flip back while the save starts.
    fireEvent.click(box);
    expect(box).not.toBeChecked();
    save.resolve(jsonResponse(category({ isEnable: false })));
    const list = screen.getByRole('list', { name: 'Categories' });
    expect(await within(list).findByText('(hidden)')).toBeInTheDocument();
    expect(box).not.toBeChecked();
  });

  it('puts the box back, with the reason, when the save is refused', async () => {
    mockFetch({
      ...signInAsEditor(),
      '/admin/api/categories': () => jsonResponse({ items: [category()], version: 'v1' }),
      [`/admin/api/categories/${HOME}`]: () => problemResponse(409, 'Someone else changed this category meanwhile'),
    });
    renderApp('/admin/layout');
    const box = await screen.findByRole('checkbox', { name: /^Shown\s*Home$/ });
    await userEvent.click(box);
    expect(await screen.findByText('Someone else changed this category meanwhile')).toBeInTheDocument();
    expect(box).toBeChecked();
  });
});
