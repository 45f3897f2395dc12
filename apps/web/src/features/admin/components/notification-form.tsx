import { zodResolver } from '@hookform/resolvers/zod';
import { notificationInput, type NotificationAudience, type NotificationInput, type NotificationReach, type SentNotification } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormMessage, SelectField, TextAreaField, TextField } from './fields';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showServerErrors } from '../utils/form-errors';

interface NotificationFormProps {
  /** How many accounts the broad audiences reach now; undefined while it loads. */
  reach: NotificationReach | undefined;
  onSend: (input: NotificationInput) => Promise<SentNotification>;
}

const fields = ['title', 'message', 'audience', 'email'] as const;

/**
 * Writes a notification and sends it to one viewer, every current subscriber or everyone. A broad
 * audience is confirmed first, with the number of accounts it reaches. The form's idempotency key
 * stays the same until a send succeeds, so a double click or a retry sends once.
 */
export function NotificationForm({ reach, onSend }: NotificationFormProps) {
  const { register, handleSubmit, formState, setError, control, reset, getValues } = useForm<NotificationInput>({
    resolver: zodResolver(notificationInput),
    defaultValues: { title: '', message: '', audience: 'viewer', email: '', idempotencyKey: crypto.randomUUID() },
  });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [confirming, setConfirming] = useState<NotificationInput | null>(null);
  const [sending, setSending] = useState(false);
  const audience = useWatch({ control, name: 'audience' });
  const errors = formState.errors;

  const send = async (values: NotificationInput) => {
    setConfirming(null);
    setMessage(null);
    setSending(true);
    try {
      const sent = await onSend(values.audience === 'viewer' ? values : { ...values, email: undefined });
      reset({ title: '', message: '', audience: values.audience, email: '', idempotencyKey: crypto.randomUUID() });
      setMessage({ tone: 'success', text: `Sent to ${accounts(sent.accounts)}.` });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields }) });
    } finally {
      setSending(false);
    }
  };

  const submit = handleSubmit(async (values) => {
    if (values.audience === 'viewer') await send(values);
    else setConfirming(values);
  });

  return (
    <form aria-label="Send a notification" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-lg bg-zinc-900/60 p-4">
      <TextField label="Title" {...register('title')} error={errors.title?.message} />
      <TextAreaField label="Message" rows={3} {...register('message')} error={errors.message?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Send to" {...register('audience')} error={errors.audience?.message}>
          <option value="viewer">One viewer</option>
          <option value="subscribers">All current subscribers</option>
          <option value="everyone">Everyone</option>
        </SelectField>
        {audience === 'viewer' && <TextField label="Viewer's email" type="email" autoComplete="off" {...register('email')} error={errors.email?.message} />}
      </div>
      <p className="text-sm text-zinc-300" aria-live="polite">
        {preview(audience, reach)}
      </p>
      <Button type="submit" size="sm" className="self-start" disabled={sending || formState.isSubmitting}>
        Send
      </Button>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Send to ${confirming ? accounts(reachOf(confirming.audience, reach)) : ''}?`}
        description={`'${getValues('title')}' goes to ${confirming?.audience === 'subscribers' ? 'every current subscriber' : 'every account'}. A sent notification cannot be taken back.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
          <Button size="sm" disabled={sending} onClick={() => confirming && void send(confirming)}>
            Send now
          </Button>
        </div>
      </Dialog>
    </form>
  );
}

function preview(audience: NotificationAudience, reach: NotificationReach | undefined): string {
  if (audience === 'viewer') return 'Goes to the account with this email address.';
  if (!reach) return 'Counting the accounts it reaches…';
  return audience === 'subscribers'
    ? `Reaches ${accounts(reach.subscribers)} with a subscription running now.`
    : `Reaches everyone: ${accounts(reach.everyone)} now.`;
}

function reachOf(audience: NotificationAudience, reach: NotificationReach | undefined): number | null {
  if (!reach || audience === 'viewer') return audience === 'viewer' ? 1 : null;
  return audience === 'subscribers' ? reach.subscribers : reach.everyone;
}

function accounts(n: number | null): string {
  if (n === null) return 'every account';
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'account' : 'accounts'}`;
}
