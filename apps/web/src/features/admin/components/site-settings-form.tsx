import { zodResolver } from '@hookform/resolvers/zod';
import { siteSettingsInput, type SiteSettingsInput } from '@marquee/contract/admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMessage, requiredNumber, TextField } from './fields';
import { Button } from '@/components/ui/button';
import { showServerErrors } from '../utils/form-errors';
import { useUpdateSiteSettings } from '../api/site-settings';

/** The subscriber badge's number and the support address, one source for every page that shows them. */
export function SiteSettingsForm({ settings, readOnly }: { settings: SiteSettingsInput; readOnly: boolean }) {
  const update = useUpdateSiteSettings();
  const { register, handleSubmit, formState, setError } = useForm<SiteSettingsInput>({ resolver: zodResolver(siteSettingsInput), defaultValues: settings });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const submit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await update.mutateAsync(values);
      setMessage({ tone: 'success', text: 'Saved. Every page shows the new values on its next load.' });
    } catch (error) {
      setMessage({ tone: 'error', text: showServerErrors(error, { setError, fields: ['subscriberCount', 'supportEmail'] }) });
    }
  });

  return (
    <form aria-label="Site settings" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <fieldset disabled={readOnly || formState.isSubmitting} className="flex flex-col gap-4">
        <TextField label="Subscriber badge number" inputMode="numeric" {...register('subscriberCount', { setValueAs: requiredNumber })} error={formState.errors.subscriberCount?.message} />
        <TextField label="Support email address" type="email" {...register('supportEmail')} error={formState.errors.supportEmail?.message} />
      </fieldset>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {!readOnly && (
        <div>
          <Button type="submit" disabled={formState.isSubmitting}>
            Save settings
          </Button>
        </div>
      )}
    </form>
  );
}
