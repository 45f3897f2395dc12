import { zodResolver } from '@hookform/resolvers/zod';
import { contactAnswerInput, type ContactAnswerInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, TextAreaField } from './fields';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../utils/form-errors';

/**
 * Marks a contact message answered once the reply has gone by email, with an optional note for
 * colleagues (what was said, a ticket number). The server's refusal is shown beside the note.
 */
export function ContactAnswerForm({ onAnswer }: { onAnswer: (input: ContactAnswerInput) => Promise<unknown> }) {
  const { register, handleSubmit, formState, setError } = useForm<ContactAnswerInput>({ resolver: zodResolver(contactAnswerInput), defaultValues: { note: '' } });
  const [error, setErrorMessage] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setErrorMessage(null);
    try {
      await onAnswer(values);
    } catch (failure) {
      setErrorMessage(showServerErrors(failure, { setError, fields: ['note'] }));
    }
  });

  return (
    <form aria-label="Mark answered" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 rounded-lg bg-zinc-900/60 p-3">
      <TextAreaField label="Note (optional)" rows={3} hint="For colleagues: what you replied, a ticket number…" {...register('note')} error={formState.errors.note?.message} />
      <Button type="submit" size="sm" className="self-start" disabled={formState.isSubmitting}>
        Mark answered
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </form>
  );
}
