import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { TitleForm } from './title-form';

function refusal(status: number, message: string, errors?: Array<{ path: string; message: string }>) {
  return new ApiError({ message, status, problem: { status, detail: message, message, errors } });
}

async function fillMinimalMovie() {
  await userEvent.type(screen.getByLabelText('Name'), 'Night Harbour');
}

describe('TitleForm', () => {
  it("checks the fields with the contract's schema before sending, and says what is wrong beside each", async () => {
    const onSave = vi.fn();
    renderWithProviders(<TitleForm onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Rating (0 to 5)'), '7');
    await userEvent.type(screen.getByLabelText('Rent price (USD)'), '0.10');
    await userEvent.click(screen.getByRole('button', { name: 'Create title' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Rating (0 to 5)')).toHaveAccessibleDescription('Rating is out of 5');
    expect(screen.getByLabelText('Rent price (USD)')).toHaveAccessibleDescription(/The lowest price is \$0.50/);
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("puts the server's refusal beside the field it names (a slug already taken)", async () => {
    const onSave = vi.fn().mockRejectedValue(refusal(409, "The slug 'night-harbour' is already used by another title", [{ path: 'body.slug', message: "The slug 'night-harbour' is already used by another title" }]));
    renderWithProviders(<TitleForm onSave={onSave} />);
    await fillMinimalMovie();
    expect(screen.getByLabelText('Slug')).toHaveValue('night-harbour');
    await userEvent.click(screen.getByRole('button', { name: 'Create title' }));

    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ kind: 'movie', name: 'Night Harbour', slug: 'night-harbour', genres: [], rentPrice: null, isEnable: false }));
    expect(await screen.findByLabelText('Slug')).toHaveAccessibleDescription(expect.stringContaining("The slug 'night-harbour' is already used by another title"));
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('Night Harbour');
  });

  it("places the server's errors on nested fields (a cast member's role)", async () => {
    const onSave = vi.fn().mockRejectedValue(refusal(400, 'body.cast.0.role: Role must not contain control characters or angle brackets', [{ path: 'body.cast.0.role', message: 'Role must not contain control characters or angle brackets' }]));
    renderWithProviders(<TitleForm onSave={onSave} />);
    await fillMinimalMovie();
    await userEvent.click(screen.getByRole('button', { name: 'Add cast member' }));
    const member = screen.getByRole('group', { name: 'Cast member 1' });
    await userEvent.type(member.querySelector('input[name="cast.0.name"]') as HTMLInputElement, 'Mara Quint');
    await userEvent.type(member.querySelector('input[name="cast.0.role"]') as HTMLInputElement, 'Keeper');
    await userEvent.click(screen.getByRole('button', { name: 'Create title' }));

    expect(await screen.findByText('Role must not contain control characters or angle brackets')).toBeInTheDocument();
    expect(member.querySelector('input[name="cast.0.role"]')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it("shows the server's message for the form when no field is named (edited meanwhile)", async () => {
    const onSave = vi.fn().mockRejectedValue(refusal(409, 'This title was changed by someone else since you opened it.'));
    renderWithProviders(<TitleForm onSave={onSave} />);
    await fillMinimalMovie();
    await userEvent.click(screen.getByRole('button', { name: 'Create title' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This title was changed by someone else since you opened it. Reload to see the latest version.');
  });
});
