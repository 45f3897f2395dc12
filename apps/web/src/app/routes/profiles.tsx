import { ManageProfiles } from '@/features/profiles/components/manage-profiles';

export function Component() {
  return <ManageProfiles />;
}
