import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { PlanForm } from './plan-form';

describe('PlanForm', () => {
  it('refuses a price with three decimals and no validity, beside each field', async () => {
    const onSave = vi.fn();
    renderWithProviders(<PlanForm submitLabel="Create plan" onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Plan title'), 'Yearly');
    await userEvent.type(screen.getByLabelText('Price (USD)'), '9.999');
    await userEvent.clear(screen.getByLabelText('Validity (days)'));
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByLabelText('Price (USD)')).toHaveAccessibleDescription('Use at most two decimals');
    expect(screen.getByLabelText('Validity (days)')).toHaveAccessibleDescription('Enter a number of days');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's field error beside the field and keeps what was typed", async () => {
    const onSave = vi.fn().mockRejectedValue(
      new ApiError({ message: 'body.title: A plan with this title exists', status: 409, problem: { errors: [{ path: 'body.title', message: 'A plan with this title exists' }] } }),
    );
    renderWithProviders(<PlanForm submitLabel="Create plan" onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Plan title'), 'Monthly');
    await userEvent.type(screen.getByLabelText('Price (USD)'), '4.99');
    await userEvent.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(onSave).toHaveBeenCalledWith({ title: 'Monthly', description: '', price: 4.99, validityDays: 30, maxStreams: 2, isEnable: true });
    expect(await screen.findByLabelText('Plan title')).toHaveAccessibleDescription('A plan with this title exists');
    expect(screen.getByLabelText('Plan title')).toHaveValue('Monthly');
  });
});
