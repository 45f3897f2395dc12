import { zodResolver } from '@hookform/resolvers/zod';
import { episodeInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, FormMessage, requiredNumber, TextAreaField, TextField } from './fields';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../utils/form-errors';

type Values = z.input<typeof episodeInput>;
type Output = z.output<typeof episodeInput>;

const FIELDS = ['name', 'description', 'durationMinutes', 'isEnable'] as const;

interface EpisodeFormProps {
  initial?: Values;
  submitLabel: string;
  /** Names the form for assistive technology ("New episode", "Edit episode 2"). */
  label: string;
  onSave: (values: Output) => Promise<unknown>;
  onDone?: () => void;
}

/** An episode's name, description, duration and whether viewers see it. */
export function EpisodeForm({ initial, submitLabel, label, onSave, onDone }: EpisodeFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values, unknown, Output>({
    resolver: zodResolver(episodeInput),
    defaultValues: initial ?? { name: '', description: '', durationMinutes: 0, isEnable: true },
  });
  const [message, setMessage] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSave(values);
      if (!initial) reset();
      onDone?.();
    } catch (error) {
      setMessage(showServerErrors(error, { setError, fields: FIELDS }));
    }
  });

  return (
    <form aria-label={label} noValidate onSubmit={(event) => void submit(event)} className="grid gap-3 md:grid-cols-2">
      <TextField label="Episode name" {...register('name')} error={formState.errors.name?.message} />
      <TextField label="Duration (minutes)" inputMode="numeric" {...register('durationMinutes', { setValueAs: requiredNumber })} error={formState.errors.durationMinutes?.message} />
      <TextAreaField label="Episode description" rows={3} wrapperClassName="md:col-span-2" {...register('description')} error={formState.errors.description?.message} />
      <CheckboxField label="Shown to viewers" {...register('isEnable')} />
      {message && (
        <div className="md:col-span-2">
          <FormMessage tone="error">{message}</FormMessage>
        </div>
      )}
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" size="sm" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
        {onDone && initial && (
          <Button variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
