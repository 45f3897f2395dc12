import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, problemResponse } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { ContactForm } from './contact-form';

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText('First name'), 'Ana');
  await userEvent.type(screen.getByLabelText('Last name'), 'Reyes');
  await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
  await userEvent.type(screen.getByLabelText('Phone number'), '+351 912 345 678');
  await userEvent.type(screen.getByLabelText('Message'), 'The subtitles are out of sync.');
}

describe('ContactForm', () => {
  it("shows the server's field errors next to the fields", async () => {
    mockFetch({
      '/contact': () =>
        problemResponse(400, 'body.email: This address cannot receive mail', [
          { path: 'body.email', message: 'This address cannot receive mail' },
          { path: 'body.message', message: 'Message looks like spam' },
        ]),
    });
    renderWithProviders(<ContactForm />);
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('This address cannot receive mail')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This address cannot receive mail');
    expect(screen.getByText('Message looks like spam')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    expect(screen.getByLabelText('First name')).toHaveValue('Ana');
  });

  it("shows the server's message when no field is named", async () => {
    mockFetch({ '/contact': () => problemResponse(429, 'Too many messages. Try again in a minute.') });
    renderWithProviders(<ContactForm />);
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages. Try again in a minute.');
  });

  it('sends the message, shows the confirmation and clears the form', async () => {
    const fetchMock = mockFetch({ '/contact': () => jsonResponse({ message: "Thanks for writing to us. We'll reply within 24 hours." }) });
    renderWithProviders(<ContactForm />);
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('status')).toHaveTextContent("Thanks for writing to us. We'll reply within 24 hours.");
    expect(screen.getByLabelText('First name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, string>;
    expect(body).toEqual({
      firstName: 'Ana',
      lastName: 'Reyes',
      email: 'ana@example.com',
      phoneNumber: '+351 912 345 678',
      message: 'The subtitles are out of sync.',
    });
  });

  it('checks required fields with the contract before sending', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders(<ContactForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
