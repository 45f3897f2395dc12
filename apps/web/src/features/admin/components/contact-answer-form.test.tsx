import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ContactAnswerForm } from './contact-answer-form';

describe('ContactAnswerForm', () => {
  it('refuses an over-long note beside the field, sending nothing', async () => {
    const onAnswer = vi.fn();
    renderWithProviders(<ContactAnswerForm onAnswer={onAnswer} />);
    await userEvent.click(screen.getByLabelText('Note (optional)'));
    await userEvent.paste('x'.repeat(2001));
    await userEvent.click(screen.getByRole('button', { name: 'Mark answered' }));
    expect(await screen.findByLabelText('Note (optional)')).toHaveAccessibleDescription(expect.stringContaining('Note must be at most 2000 characters'));
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("sends the note (or none) and shows the server's refusal", async () => {
    const onAnswer = vi.fn().mockResolvedValueOnce({});
    renderWithProviders(<ContactAnswerForm onAnswer={onAnswer} />);
    await userEvent.click(screen.getByRole('button', { name: 'Mark answered' }));
    expect(onAnswer).toHaveBeenCalledWith({ note: '' });

    onAnswer.mockRejectedValueOnce(new ApiError({ message: 'Sue already marked this message answered', status: 409, problem: {} }));
    await userEvent.type(screen.getByLabelText('Note (optional)'), 'Sent the refund steps');
    await userEvent.click(screen.getByRole('button', { name: 'Mark answered' }));
    expect(onAnswer).toHaveBeenLastCalledWith({ note: 'Sent the refund steps' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sue already marked this message answered');
  });
});
