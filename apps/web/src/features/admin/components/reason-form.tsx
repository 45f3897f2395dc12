import { zodResolver } from '@hookform/resolvers/zod';
import { reasonInput, type ReasonInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, TextField } from './fields';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../utils/form-errors';

interface ReasonFormProps {
  /** The form's accessible name, e.g. "Suspend the account". */
  label: string;
  submitLabel: string;
  /** What the agent is about to do, in one sentence. */
  description?: string;
  variant?: 'primary' | 'secondary';
  onSubmit: (values: ReasonInput) => Promise<unknown>;
  /** Shown once the action went through. */
  done: string;
}

/**
 * An action on an account or a payment that needs a reason for the audit log: the reason is
 * checked with the contract's schema before anything is sent, and the server's refusal is shown
 * beside it.
 */
export function ReasonForm({ label, submitLabel, description, variant = 'primary', onSubmit, done }: ReasonFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useForm<ReasonInput>({ resolver: zodResolver(reasonInput), defaultValues: { reason: '' } });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSubmit(values);
      reset({ reason: '' });
      setMessage({ tone: 'success', text: done });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: ['reason'] }) });
    }
  });

  return (
    <form aria-label={label} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 rounded-lg bg-zinc-900/60 p-3">
      {description && <p className="text-sm text-zinc-300">{description}</p>}
      <div className="flex flex-wrap items-end gap-2">
        <TextField label="Reason" wrapperClassName="min-w-60 flex-1" {...register('reason')} error={formState.errors.reason?.message} />
        <Button type="submit" size="sm" variant={variant} disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}
