import type { SiteSettingsInput } from '@marquee/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { adminQuery, adminQueryKey, useAdminMutation } from './admin-api-client';

export function useSiteSettings() {
  return useQuery(adminQuery('siteSettings'));
}

export function useUpdateSiteSettings() {
  const queryClient = useQueryClient();
  return useAdminMutation('updateSiteSettings', {
    toCall: (body: SiteSettingsInput) => ({ body }),
    // The viewer pages read the same values from /settings/display.
    onSuccess: (settings) => {
      queryClient.setQueryData(adminQueryKey('siteSettings'), settings);
      void queryClient.invalidateQueries({ queryKey: ['displaySettings'] });
    },
  });
}
