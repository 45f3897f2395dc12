import { zodResolver } from '@hookform/resolvers/zod';
import { SUBTITLE_MAX_BYTES, subtitleFields } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FieldShell, FormActions, FormMessage, TextField } from './fields';
import { showServerErrors } from '../utils/form-errors';

/** The contract's language and label, and one .vtt file within the size the server takes. */
const subtitleForm = subtitleFields.extend({
  file: z
    .custom<FileList>((files) => typeof FileList !== 'undefined' && files instanceof FileList && files.length === 1, 'Choose a WebVTT (.vtt) file')
    .refine((files) => files[0]!.size <= SUBTITLE_MAX_BYTES, `The file must be at most ${SUBTITLE_MAX_BYTES / 1024} KiB`)
    .refine((files) => files[0]!.size > 0, 'The file is empty'),
});
type Values = z.input<typeof subtitleForm>;
type Output = z.output<typeof subtitleForm>;
export interface SubtitleFormOutput {
  lang: string;
  label: string;
  file: File;
}

interface SubtitleFormProps {
  /** Set when replacing a track: its language is fixed. */
  track?: { lang: string; label: string };
  onSave: (values: SubtitleFormOutput) => Promise<unknown>;
  onCancel?: () => void;
}

/** Upload a WebVTT file as a new track (language code, label, file), or as the new file of a track. */
export function SubtitleForm({ track, onSave, onCancel }: SubtitleFormProps) {
  const { register, handleSubmit, formState, setError, reset } = useForm<Values, unknown, Output>({
    resolver: zodResolver(subtitleForm),
    defaultValues: { lang: track?.lang ?? '', label: track?.label ?? '' },
  });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const errors = formState.errors;

  const submit = handleSubmit(async (parsed) => {
    setMessage(null);
    try {
      await onSave({ lang: parsed.lang, label: parsed.label, file: parsed.file[0]! });
      reset({ lang: track?.lang ?? '', label: track ? parsed.label : '' });
      setMessage({ tone: 'success', text: track ? 'Replaced: viewers get the new file now.' : 'Uploaded: viewers can choose it now.' });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: ['lang', 'label', 'file'] }) });
    }
  });

  return (
    <form aria-label={track ? `Replace the ${track.label} subtitles` : 'Add subtitles'} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <fieldset disabled={formState.isSubmitting} className="grid gap-3 md:grid-cols-3">
        <TextField label="Language code" hint="BCP 47, e.g. en, fr, pt" readOnly={Boolean(track)} {...register('lang')} error={errors.lang?.message} />
        <TextField label="Label" hint="What the player's menu shows" {...register('label')} error={errors.label?.message} />
        <FieldShell label="WebVTT file" hint={`.vtt, up to ${SUBTITLE_MAX_BYTES / 1024} KiB`} error={errors.file?.message}>
          {(control) => <input type="file" accept=".vtt,text/vtt" {...register('file')} {...control} />}
        </FieldShell>
      </fieldset>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      <FormActions
        submitLabel={formState.isSubmitting ? `${track ? 'Replacing' : 'Uploading'}…` : `${track ? 'Replace' : 'Upload'} subtitles`}
        disabled={formState.isSubmitting}
        variant="secondary"
        onCancel={onCancel}
      />
    </form>
  );
}
