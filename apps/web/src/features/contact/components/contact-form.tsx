import { contactMessage, type ContactMessage } from '@marquee/contract';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';
import { FormField } from '@/components/ui/form-field';

type Values = Required<ContactMessage>;
type FieldName = keyof Values;

const EMPTY: Values = { firstName: '', lastName: '', email: '', phoneNumber: '', message: '' };

/**
 * The contact form. It checks with the contract's schema before sending (the same rules the
 * server applies), then shows whatever the server still rejects next to the field it names.
 */
export function ContactForm() {
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendContactMessage();

  const update = (name: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setFieldErrors((current) => ({ ...current, [name]: undefined }));
    setSent(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setSent(null);
    const checked = contactMessage.safeParse(values);
    if (!checked.success) {
      setFieldErrors(toFieldErrors(checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))));
      return;
    }
    send.mutate(checked.data, {
      onSuccess: (data) => {
        setValues(EMPTY);
        setFieldErrors({});
        setSent(data.message);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? toFieldErrors(Object.entries(error.fieldErrors).map(([path, message]) => ({ path, message }))) : {};
        setFieldErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? 'Please check the highlighted fields.' : error.message);
      },
    });
  };

  const field = (name: FieldName) => ({ name, value: values[name], error: fieldErrors[name], onChange: update(name) });

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-describedby={formError ? 'contact-form-error' : undefined}>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First name" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField label="Email" type="email" autoComplete="email" {...field('email')} />
      <FormField label="Phone number" type="tel" autoComplete="tel" {...field('phoneNumber')} />
      <FormField label="Message" multiline {...field('message')} />
      {formError && (
        <p id="contact-form-error" role="alert" className="text-sm text-red-400">
          {formError}
        </p>
      )}
      {sent && (
        <p role="status" className="rounded-md bg-emerald-500/10 px-4 py-3 text-sm text-emerald-300 ring-1 ring-emerald-500/30">
          {sent}
        </p>
      )}
      <Button type="submit" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Submit'}
      </Button>
    </form>
  );
}

function toFieldErrors(entries: Array<{ path: string; message: string }>): Partial<Record<FieldName, string>> {
  const errors: Partial<Record<FieldName, string>> = {};
  for (const { path, message } of entries) {
    const name = path.split('.').at(-1) as FieldName | undefined;
    if (name && name in EMPTY && !errors[name]) errors[name] = message;
  }
  return errors;
}
