import { PageSpinner } from '@/components/ui/spinner';
import { FormMessage } from '@/features/admin/components/fields';
import { useSiteSettings } from '@/features/admin/api/site-settings';
import { SiteSettingsForm } from '@/features/admin/components/site-settings-form';
import { useOperator } from '@/features/admin/hooks/use-operator';

/** The subscriber badge and the support address every page shows. */
export function Component() {
  const { can } = useOperator();
  const settings = useSiteSettings();
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-white">Site settings</h1>
      {settings.isPending ? <PageSpinner /> : settings.isError ? <FormMessage tone="error">{settings.error.message}</FormMessage> : <SiteSettingsForm settings={settings.data} readOnly={!can('editCatalog')} />}
    </div>
  );
}
