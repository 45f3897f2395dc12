import type { HouseholdProfile } from '@marquee/contract';
import { cn } from '@/lib/cn';

const COLOURS: Record<HouseholdProfile['avatar'], string> = {
  sunset: 'bg-orange-500',
  ocean: 'bg-sky-600',
  forest: 'bg-emerald-600',
  grape: 'bg-violet-600',
  lemon: 'bg-yellow-400 text-zinc-950',
  rose: 'bg-rose-500',
};

/** A profile's avatar: its colour with the first letter of its name. */
export function ProfileAvatar({ profile, size = 'md' }: { profile: Pick<HouseholdProfile, 'name' | 'avatar'>; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-lg font-bold text-white',
        COLOURS[profile.avatar],
        size === 'lg' ? 'size-24 text-4xl' : size === 'md' ? 'size-10 text-lg' : 'size-7 text-sm',
      )}
    >
      {profile.name.charAt(0).toLocaleUpperCase()}
    </span>
  );
}
