import { zodResolver } from '@hookform/resolvers/zod';
import { planInput, type AdminPlan } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, FormActions, FormMessage, requiredNumber, TextAreaField, TextField } from './fields';
import { showServerErrors } from '../utils/form-errors';

type Values = z.input<typeof planInput>;
type Output = z.output<typeof planInput>;

interface PlanFormProps {
  plan?: AdminPlan;
  submitLabel: string;
  readOnly?: boolean;
  onSave: (values: Output) => Promise<unknown>;
  onCancel?: () => void;
}

/** A plan's title, description, price and validity; unticking 'On sale' retires it. */
export function PlanForm({ plan, submitLabel, readOnly = false, onSave, onCancel }: PlanFormProps) {
  const { register, handleSubmit, formState, setError } = useForm<Values, unknown, Output>({
    resolver: zodResolver(planInput),
    defaultValues: plan
      ? { title: plan.title, description: plan.description, price: plan.price, validityDays: plan.validityDays, maxStreams: plan.maxStreams, isEnable: plan.isEnable }
      : // An empty price box until one is typed (the schema then asks for one).
        { title: '', description: '', price: undefined as unknown as number, validityDays: 30, maxStreams: 2, isEnable: true },
  });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSave(values);
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: ['title', 'description', 'price', 'validityDays', 'maxStreams', 'isEnable'] }) });
    }
  });

  return (
    <form aria-label={plan ? `Edit plan ${plan.title}` : 'New plan'} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
      <fieldset disabled={readOnly || formState.isSubmitting} className="grid gap-3 md:grid-cols-3">
        <TextField label="Plan title" {...register('title')} error={errors.title?.message} />
        <TextField label="Price (USD)" inputMode="decimal" {...register('price', { setValueAs: requiredNumber })} error={errors.price?.message} />
        <TextField label="Validity (days)" inputMode="numeric" {...register('validityDays', { setValueAs: requiredNumber })} error={errors.validityDays?.message} />
        <TextField label="Simultaneous streams" inputMode="numeric" {...register('maxStreams', { setValueAs: requiredNumber })} error={errors.maxStreams?.message} />
        <TextAreaField label="Plan description" rows={2} wrapperClassName="md:col-span-2" {...register('description')} error={errors.description?.message} />
        <CheckboxField label="On sale" {...register('isEnable')} />
      </fieldset>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {!readOnly && (
        <FormActions submitLabel={submitLabel} disabled={formState.isSubmitting} onCancel={onCancel} />
      )}
    </form>
  );
}
