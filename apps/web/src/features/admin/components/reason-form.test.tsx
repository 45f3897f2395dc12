import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { ReasonForm } from './reason-form';

describe('ReasonForm', () => {
  it('asks for a reason beside the field before sending anything', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ReasonForm label="Suspend the account" submitLabel="Suspend" done="Suspended." onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByLabelText('Reason')).toHaveAccessibleDescription('Give a reason: it goes to the audit log');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the reason, says it is done; shows the server's refusal of a field beside it", async () => {
    const onSubmit = vi.fn().mockResolvedValueOnce({});
    renderWithProviders(<ReasonForm label="Suspend the account" submitLabel="Suspend" done="Suspended." onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Reason'), 'Card fraud');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(onSubmit).toHaveBeenCalledWith({ reason: 'Card fraud' });
    expect(await screen.findByRole('status')).toHaveTextContent('Suspended.');

    onSubmit.mockRejectedValueOnce(new ApiError({ message: 'body.reason: Too vague', status: 400, problem: { errors: [{ path: 'body.reason', message: 'Too vague' }] } }));
    await userEvent.type(screen.getByLabelText('Reason'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByLabelText('Reason')).toHaveAccessibleDescription('Too vague');
  });
});
