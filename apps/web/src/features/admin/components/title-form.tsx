import { zodResolver } from '@hookform/resolvers/zod';
import { titleInput, type AdminTitle, type TitleInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, FormMessage, nullableNumber, requiredNumber, SelectField, TextAreaField, TextField } from './fields';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../utils/form-errors';
import { GenresField } from './genres-field';

type Values = z.input<typeof titleInput>;
type Output = z.output<typeof titleInput>;

const FIELDS = ['kind', 'name', 'slug', 'description', 'genres', 'cast', 'language', 'releaseYear', 'durationMinutes', 'ageLimit', 'rating', 'isFree', 'rentPrice', 'isEnable'] as const;

interface TitleFormProps {
  /** The title being edited; absent when creating one. */
  title?: AdminTitle;
  /** Saves the fields; rejects with the server's refusal, which is shown beside the fields. */
  onSave: (values: Output) => Promise<unknown>;
  /** Support staff see the catalogue read-only. */
  readOnly?: boolean;
}

/** Every field the viewer pages show, validated with the contract's schema before it is sent. */
export function TitleForm({ title, onSave, readOnly = false }: TitleFormProps) {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(titleInput), defaultValues: title ? valuesOf(title) : emptyTitle });
  const { register, control, handleSubmit, formState, setError, setValue, getFieldState } = form;
  const cast = useFieldArray({ control, name: 'cast' });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const errors: FieldErrors<Values> = formState.errors;

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await onSave(values);
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: FIELDS }) });
    }
  }, () => setMessage({ tone: 'error', text: 'Please check the highlighted fields.' }));

  // A new title's slug follows its name until the editor types a slug of their own.
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!title && !getFieldState('slug').isDirty) setValue('slug', slugify(event.target.value));
    },
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={title ? `Edit ${title.name}` : 'New title'} className="flex flex-col gap-6">
      <fieldset disabled={readOnly || formState.isSubmitting} className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">Title details</legend>
        <SelectField label="Kind" {...register('kind')} disabled={readOnly || Boolean(title)} error={errors.kind?.message}>
          <option value="movie">Movie</option>
          <option value="series">Series</option>
        </SelectField>
        <TextField label="Name" {...nameField} error={errors.name?.message} />
        <TextField label="Slug" {...register('slug')} error={errors.slug?.message} hint="The address of the title's page: lowercase letters, digits and dashes." />
        <TextField label="Language" {...register('language')} error={errors.language?.message} />
        <TextAreaField label="Description" wrapperClassName="md:col-span-2" {...register('description')} error={errors.description?.message} />
        <Controller
          control={control}
          name="genres"
          render={({ field, fieldState }) => <GenresField value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message ?? errors.genres?.root?.message} />}
        />
        <TextField label="Release year" inputMode="numeric" {...register('releaseYear', { setValueAs: nullableNumber })} error={errors.releaseYear?.message} />
        <TextField label="Duration (minutes)" inputMode="numeric" {...register('durationMinutes', { setValueAs: requiredNumber })} error={errors.durationMinutes?.message} />
        <TextField label="Age limit" inputMode="numeric" {...register('ageLimit', { setValueAs: requiredNumber })} error={errors.ageLimit?.message} />
        <TextField label="Rating (0 to 5)" inputMode="decimal" {...register('rating', { setValueAs: nullableNumber })} error={errors.rating?.message} />
        <TextField label="Rent price (USD)" inputMode="decimal" {...register('rentPrice', { setValueAs: nullableNumber })} error={errors.rentPrice?.message} hint="Leave empty when the title is not for rent." />
        <div className="flex flex-col justify-end gap-2">
          <CheckboxField label="Free to watch" {...register('isFree')} error={errors.isFree?.message} />
          <CheckboxField label="Published (shown to viewers)" {...register('isEnable')} error={errors.isEnable?.message} />
        </div>
      </fieldset>

      <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-3">
        <legend className="text-lg font-semibold text-white">Cast</legend>
        {cast.fields.length === 0 && <p className="text-sm text-zinc-400">No cast yet.</p>}
        {cast.fields.map((member, index) => (
          <div key={member.id} role="group" aria-label={`Cast member ${index + 1}`} className="grid items-start gap-3 rounded-lg bg-zinc-900/60 p-3 md:grid-cols-[1fr_1fr_auto]">
            <TextField label="Name" {...register(`cast.${index}.name`)} error={errors.cast?.[index]?.name?.message} />
            <TextField label="Role" {...register(`cast.${index}.role`)} error={errors.cast?.[index]?.role?.message} />
            <Button variant="ghost" size="sm" className="mt-6" onClick={() => cast.remove(index)}>
              Remove
            </Button>
          </div>
        ))}
        {errors.cast?.message && <p className="text-sm text-red-400">{errors.cast.message}</p>}
        <div>
          <Button variant="secondary" size="sm" onClick={() => cast.append({ name: '', role: '' })}>
            Add cast member
          </Button>
        </div>
      </fieldset>

      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {!readOnly && (
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : title ? 'Save changes' : 'Create title'}
          </Button>
        </div>
      )}
    </form>
  );
}

const emptyTitle: Values = {
  kind: 'movie',
  name: '',
  slug: '',
  description: '',
  genres: [],
  cast: [],
  language: 'English',
  releaseYear: null,
  durationMinutes: 0,
  ageLimit: 0,
  rating: null,
  isFree: false,
  rentPrice: null,
  isEnable: false,
};

function valuesOf(title: AdminTitle): TitleInput {
  return {
    kind: title.kind,
    name: title.name,
    slug: title.slug,
    description: title.description,
    genres: title.genres,
    cast: title.cast.map(({ personId, name, role }) => ({ personId, name, role })),
    language: title.language,
    releaseYear: title.releaseYear,
    durationMinutes: title.durationMinutes,
    ageLimit: title.ageLimit,
    rating: title.rating,
    isFree: title.isFree,
    rentPrice: title.rentPrice,
    isEnable: title.isEnable,
  };
}

/** "Café Lumière!" → "cafe-lumiere". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
