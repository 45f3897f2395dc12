import type { HouseholdProfile } from '@marquee/contract';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useProfiles } from '../api/get-profiles';
import { useSelectProfile } from '../api/select-profile';
import { PinForm } from './pin-form';
import { ProfileAvatar } from './profile-avatar';

/** The server's answer when the PIN is needed and none was sent. */
const PIN_NEEDED = 'Enter the PIN to open this profile';

/** "Who's watching?": the account's profiles; choosing one asks for the PIN when the server wants it. */
export function ProfileChooser({ onChosen }: { onChosen: () => void }) {
  const profiles = useProfiles();
  const select = useSelectProfile();
  const [pinFor, setPinFor] = useState<HouseholdProfile | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!profiles.data) return <PageSpinner />;

  const open = (profile: HouseholdProfile, pin?: string) => {
    setError(null);
    select.mutate(
      { profileId: profile._id, pin },
      {
        onSuccess: onChosen,
        onError: (failure) => {
          const message = failure instanceof ApiError ? (failure.problem?.detail ?? failure.message) : 'Something went wrong';
          if (message === PIN_NEEDED) setPinFor(profile);
          else if (pin === undefined) setError(message);
          else setError(failure instanceof ApiError && failure.status === 429 ? 'Too many tries. Wait a few minutes and try again.' : message);
        },
      },
    );
  };

  return (
    <section className="py-10 text-center">
      <h1 className="text-3xl font-bold text-white">Who&apos;s watching?</h1>
      {pinFor ? (
        <PinForm
          key={pinFor._id}
          profileName={pinFor.name}
          error={error}
          busy={select.isPending}
          onSubmit={(pin) => open(pinFor, pin)}
          onCancel={() => {
            setPinFor(null);
            setError(null);
          }}
        />
      ) : (
        <>
          <ul className="mt-8 flex flex-wrap justify-center gap-6">
            {profiles.data.profiles.map((profile) => (
              <li key={profile._id}>
                <button
                  type="button"
                  onClick={() => open(profile)}
                  disabled={select.isPending}
                  aria-current={profile._id === profiles.data.current ? 'true' : undefined}
                  className="flex w-28 flex-col items-center gap-2 rounded-xl p-2 text-zinc-200 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
                >
                  <ProfileAvatar profile={profile} size="lg" />
                  <span className="flex items-center gap-1 text-sm font-medium">
                    {profile.name}
                    {profile.requiresPin && <Lock aria-label="PIN required" className="size-3.5" />}
                  </span>
                  {profile.isKids && <span className="text-xs text-zinc-400">Kids</span>}
                </button>
              </li>
            ))}
          </ul>
          {error && (
            <p role="alert" className="mt-6 text-sm text-red-400">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
