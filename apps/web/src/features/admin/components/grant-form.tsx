import { zodResolver } from '@hookform/resolvers/zod';
import { manualGrantInput, type ManualGrantInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormMessage, requiredNumber, SelectField, TextField } from './fields';
import { TitlePicker } from './title-picker';
import { Button } from '@/components/ui/button';
import { usePlans } from '../api/plans';
import { showServerErrors } from '../utils/form-errors';

type Values = { kind: 'subscription' | 'rental'; planId: string; titleId: string; days: number; reason: string };

/**
 * Gives an account subscription days on a plan, or a rental of a title, with a reason for the
 * audit log. Checked with the contract's schema; the server's refusals go beside the fields.
 */
export function GrantForm({ onGrant }: { onGrant: (grant: ManualGrantInput) => Promise<unknown> }) {
  const plans = usePlans();
  const { register, handleSubmit, formState, setError, control, setValue, reset } = useForm<Values>({
    defaultValues: { kind: 'subscription', planId: '', titleId: '', days: 7, reason: '' },
    resolver: (values, context, options) => {
      const { kind, planId, titleId, ...rest } = values;
      const grant = kind === 'subscription' ? { kind, planId, ...rest } : { kind, titleId, ...rest };
      return zodResolver(manualGrantInput)(grant as z.input<typeof manualGrantInput>, context, options as never) as never;
    },
  });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [titleChosen, setTitleChosen] = useState(false);
  const kind = useWatch({ control, name: 'kind' });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onGrant(values as unknown as ManualGrantInput);
      reset({ kind: values.kind, planId: values.planId, titleId: '', days: 7, reason: '' });
      setMessage({ tone: 'success', text: 'Granted.' });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: ['planId', 'titleId', 'days', 'reason'] }) });
    }
  });

  return (
    <form aria-label="Grant access" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 rounded-lg bg-zinc-900/60 p-3">
      <p className="text-sm text-zinc-300">Give subscription days or a rental, with no payment behind it.</p>
      <div className="grid gap-3 md:grid-cols-3">
        <SelectField label="Grant" {...register('kind')}>
          <option value="subscription">Subscription days</option>
          <option value="rental">A rental</option>
        </SelectField>
        {kind === 'subscription' ? (
          <SelectField label="Plan" {...register('planId')} error={errors.planId?.message}>
            <option value="">Choose a plan</option>
            {plans.data?.map((plan) => (
              <option key={plan._id} value={plan._id}>
                {plan.title}
              </option>
            ))}
          </SelectField>
        ) : (
          <div>
            <TitlePicker
              label="Title to rent"
              onPick={(id) => {
                setValue('titleId', id, { shouldValidate: true });
                setTitleChosen(true);
              }}
            />
            <p className="mt-1 text-xs text-zinc-400">{titleChosen ? 'Title chosen.' : 'No title chosen yet.'}</p>
            {errors.titleId && <p className="mt-1 text-sm text-red-400">{errors.titleId.message}</p>}
          </div>
        )}
        <TextField label="Days" inputMode="numeric" {...register('days', { setValueAs: requiredNumber })} error={errors.days?.message} />
      </div>
      <TextField label="Reason for the grant" {...register('reason')} error={errors.reason?.message} />
      <Button type="submit" size="sm" className="self-start" disabled={formState.isSubmitting}>
        Grant
      </Button>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}
