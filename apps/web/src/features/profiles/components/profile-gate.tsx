import type { ReactNode } from 'react';
import { useProfiles } from '../api/get-profiles';
import { ProfileChooser } from './profile-chooser';

/**
 * After sign-in on an account with several profiles the server has none chosen for the session:
 * every page waits behind "Who's watching?" until one is. With one profile the server chose it,
 * and the pages show as they always did.
 */
export function ProfileGate({ children }: { children: ReactNode }) {
  const profiles = useProfiles();
  if (profiles.data && profiles.data.current === null) return <ProfileChooser onChosen={() => undefined} />;
  return children;
}
