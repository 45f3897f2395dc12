import type { ProfileLanguages } from '@marquee/contract';
import { useCurrentSession } from '@/lib/session-store';
import { useProfiles } from '../api/get-profiles';
import { useRememberLanguages } from '../api/remember-languages';

/**
 * The audio and subtitle languages the watching profile chose last, for the player to start in,
 * and how to remember a new choice. Nothing for a signed-out viewer. `pending` while a signed-in
 * viewer's profiles are on their way: a player started then would fetch the default language
 * first and switch when they arrive.
 */
export function useProfileLanguages() {
  const session = useCurrentSession();
  const profiles = useProfiles();
  const remember = useRememberLanguages();
  const pending = session !== null && profiles.isPending;
  const current = profiles.data?.profiles.find((profile) => profile._id === profiles.data.current);
  if (!current) return { pending, player: { languages: undefined, onLanguageChange: undefined } };
  return {
    pending,
    player: {
      languages: { audioLanguage: current.audioLanguage, subtitleLanguage: current.subtitleLanguage },
      onLanguageChange: (change: ProfileLanguages) => remember.mutate(change),
    },
  };
}
