import type { HouseholdProfile } from '@marquee/contract';
import { PROFILE_AVATARS } from '@marquee/contract/client';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useProfiles } from '../api/get-profiles';
import { useChangePin, useCreateProfile, useDeleteProfile } from '../api/manage-profiles';
import { ProfileAvatar } from './profile-avatar';

const AGE_RATINGS = [null, 7, 13, 16, 18] as const;

const messageOf = (error: unknown) => (error instanceof ApiError ? (error.problem?.detail ?? error.message) : 'Something went wrong');

/** The account's profiles: add one (kids, a maximum age rating, PIN-locked), remove one, set the PIN. */
export function ManageProfiles() {
  const profiles = useProfiles();
  const remove = useDeleteProfile();
  if (!profiles.data) return <PageSpinner />;
  const { current, max, hasPin } = profiles.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-10">
      <section aria-labelledby="profiles-heading">
        <h1 id="profiles-heading" className="text-2xl font-bold text-white">
          Profiles
        </h1>
        <ul className="mt-4 flex flex-col gap-2">
          {profiles.data.profiles.map((profile) => (
            <li key={profile._id} className="flex items-center gap-3 rounded-lg bg-white/5 p-3">
              <ProfileAvatar profile={profile} />
              <span className="flex-1 text-white">
                {profile.name}
                <span className="ml-2 text-xs text-zinc-400">{describe(profile)}</span>
              </span>
              {profile._id !== current && (
                <Button variant="ghost" size="sm" onClick={() => remove.mutate(profile._id)} aria-label={`Remove ${profile.name}`}>
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
        {remove.error && (
          <p role="alert" className="mt-2 text-sm text-red-400">
            {messageOf(remove.error)}
          </p>
        )}
      </section>
      {profiles.data.profiles.length < max && <AddProfileForm hasPin={hasPin} />}
      <PinSection hasPin={hasPin} />
    </div>
  );
}

function describe(profile: HouseholdProfile): string {
  const parts = [profile.isKids ? 'Kids' : '', profile.maxAgeRating !== null ? `up to ${profile.maxAgeRating}+` : '', profile.requiresPin ? 'PIN' : ''];
  return parts.filter(Boolean).join(' · ');
}

function AddProfileForm({ hasPin }: { hasPin: boolean }) {
  const create = useCreateProfile();
  const [name, setName] = useState('');
  const [isKids, setIsKids] = useState(false);
  const [rating, setRating] = useState<string>('');
  const [requiresPin, setRequiresPin] = useState(false);
  const [avatar, setAvatar] = useState<HouseholdProfile['avatar']>('sunset');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, avatar, isKids, maxAgeRating: rating === '' ? null : Number(rating), requiresPin },
      { onSuccess: () => setName('') },
    );
  };
  const fieldErrors = create.error instanceof ApiError ? create.error.fieldErrors : {};
  return (
    <form onSubmit={submit} aria-labelledby="add-profile-heading" className="flex flex-col gap-4">
      <h2 id="add-profile-heading" className="text-xl font-semibold text-white">
        Add a profile
      </h2>
      <FormField label="Profile name" name="name" value={name} onChange={setName} error={fieldErrors.name} />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium text-zinc-200">Avatar</legend>
        {PROFILE_AVATARS.map((colour) => (
          <label key={colour} className="flex cursor-pointer items-center gap-1 text-sm text-zinc-300">
            <input type="radio" name="avatar" value={colour} checked={avatar === colour} onChange={() => setAvatar(colour)} />
            <ProfileAvatar profile={{ name: colour, avatar: colour }} size="sm" />
            <span className="sr-only">{colour}</span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input type="checkbox" checked={isKids} onChange={(event) => setIsKids(event.target.checked)} />
        Kids profile (titles up to 12+)
      </label>
      <label className="flex flex-col gap-1 text-sm text-zinc-200">
        Maximum age rating
        <select value={rating} onChange={(event) => setRating(event.target.value)} className="rounded-md bg-zinc-900 px-3 py-2 text-white ring-1 ring-white/15">
          {AGE_RATINGS.map((value) => (
            <option key={value ?? 'none'} value={value ?? ''}>
              {value === null ? 'No limit' : `${value}+`}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm text-zinc-200">
        <input type="checkbox" checked={requiresPin} disabled={!hasPin} onChange={(event) => setRequiresPin(event.target.checked)} />
        Ask for the PIN to open this profile{hasPin ? '' : ' (set a PIN first)'}
      </label>
      {create.error && (
        <p role="alert" className="text-sm text-red-400">
          {messageOf(create.error)}
        </p>
      )}
      <div>
        <Button type="submit" disabled={create.isPending}>
          Add profile
        </Button>
      </div>
    </form>
  );
}

function PinSection({ hasPin }: { hasPin: boolean }) {
  const change = useChangePin();
  const [pin, setPin] = useState('');
  const [currentPin, setCurrentPin] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { pin, ...(hasPin ? { currentPin } : {}) },
      {
        onSuccess: () => {
          setPin('');
          setCurrentPin('');
        },
      },
    );
  };
  return (
    <form onSubmit={submit} aria-labelledby="pin-heading" className="flex flex-col gap-4">
      <h2 id="pin-heading" className="text-xl font-semibold text-white">
        {hasPin ? 'Change the PIN' : 'Set a PIN'}
      </h2>
      <p className="text-sm text-zinc-400">Four digits, asked to leave a kids profile and to open a profile that requires it.</p>
      {hasPin && <FormField label="Current PIN" name="currentPin" value={currentPin} onChange={setCurrentPin} />}
      <FormField label="New PIN" name="pin" value={pin} onChange={setPin} />
      {change.error && (
        <p role="alert" className="text-sm text-red-400">
          {messageOf(change.error)}
        </p>
      )}
      {change.isSuccess && <p className="text-sm text-emerald-400">{change.data.message}</p>}
      <div>
        <Button type="submit" disabled={change.isPending}>
          Save PIN
        </Button>
      </div>
    </form>
  );
}
