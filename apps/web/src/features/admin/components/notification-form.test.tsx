import type { NotificationInput, SentNotification } from '@marquee/contract/admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/test/render';
import { NotificationForm } from './notification-form';

const reach = { subscribers: 12, everyone: 1234 };
const sent = (accounts: number): SentNotification => ({
  _id: crypto.randomUUID(),
  title: 't',
  message: 'm',
  audience: 'everyone',
  email: null,
  accounts,
  sentAt: new Date().toISOString(),
  sentBy: { email: 'support@example.com', name: 'Sue' },
});

async function write(title: string, message: string) {
  await userEvent.type(screen.getByLabelText('Title'), title);
  await userEvent.type(screen.getByLabelText('Message'), message);
}

describe('NotificationForm', () => {
  it('explains what is missing beside the fields before sending anything', async () => {
    const onSend = vi.fn();
    renderWithProviders(<NotificationForm reach={reach} onSend={onSend} />);
    await userEvent.type(screen.getByLabelText('Title'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByLabelText('Message')).toHaveAccessibleDescription('Write the message');
    expect(screen.getByLabelText("Viewer's email")).toHaveAccessibleDescription("Enter the viewer's email address");
    expect(onSend).not.toHaveBeenCalled();
  });

  it("sends to one viewer at once and shows the server's refusal of the email beside it", async () => {
    const onSend = vi.fn<(input: NotificationInput) => Promise<SentNotification>>();
    onSend.mockRejectedValueOnce(new ApiError({ message: 'No account has this email address', status: 400, problem: { errors: [{ path: 'body.email', message: 'No account has this email address' }] } }));
    renderWithProviders(<NotificationForm reach={reach} onSend={onSend} />);
    await write('About your refund', 'It is on its way.');
    await userEvent.type(screen.getByLabelText("Viewer's email"), 'ghost@example.com');
    expect(screen.getByText('Goes to the account with this email address.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByLabelText("Viewer's email")).toHaveAccessibleDescription('No account has this email address');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    onSend.mockResolvedValueOnce(sent(1));
    await userEvent.clear(screen.getByLabelText("Viewer's email"));
    await userEvent.type(screen.getByLabelText("Viewer's email"), 'nia@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 1 account.');
    const [first, second] = onSend.mock.calls.map(([input]) => input);
    expect(second).toEqual({ title: 'About your refund', message: 'It is on its way.', audience: 'viewer', email: 'nia@example.com', idempotencyKey: first!.idempotencyKey });
    expect(screen.getByLabelText('Title')).toHaveValue('');
  });

  it('asks to confirm a send to everyone with the number of accounts; cancelling sends nothing; a retry keeps its key', async () => {
    const onSend = vi.fn<(input: NotificationInput) => Promise<SentNotification>>();
    renderWithProviders(<NotificationForm reach={reach} onSend={onSend} />);
    await write('Maintenance tonight', 'Back by 2am UTC.');
    await userEvent.selectOptions(screen.getByLabelText('Send to'), 'everyone');
    expect(screen.getByText('Reaches everyone: 1,234 accounts now.')).toBeInTheDocument();
    expect(screen.queryByLabelText("Viewer's email")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('dialog', { name: 'Send to 1,234 accounts?' })).toHaveAccessibleDescription(
      "'Maintenance tonight' goes to every account. A sent notification cannot be taken back.",
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSend).not.toHaveBeenCalled();

    onSend.mockRejectedValueOnce(new ApiError({ message: 'Network error', status: 503, problem: {} }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');

    onSend.mockResolvedValueOnce(sent(1234));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 1,234 accounts.');
    const keys = onSend.mock.calls.map(([input]) => input.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(onSend.mock.calls[1]![0]).toMatchObject({ audience: 'everyone', email: undefined });
  });

  it('previews the current subscribers it reaches', async () => {
    renderWithProviders(<NotificationForm reach={reach} onSend={vi.fn()} />);
    await userEvent.selectOptions(screen.getByLabelText('Send to'), 'subscribers');
    expect(screen.getByText('Reaches 12 accounts with a subscription running now.')).toBeInTheDocument();
  });
});
