import { cn } from '@/lib/cn';

const sizes = { sm: 'size-8 text-xs', lg: 'size-24 text-3xl sm:size-28' } as const;

/** The user's picture, or their initials when there is none. */
export function UserAvatar({ name, image, size = 'sm' }: { name: string; image: string; size?: keyof typeof sizes }) {
  const base = cn('shrink-0 rounded-full ring-1 ring-white/20', sizes[size]);
  if (image) return <img src={image} alt="" className={cn(base, 'object-cover')} />;
  return (
    <span aria-hidden="true" className={cn(base, 'flex items-center justify-center bg-amber-400 font-bold text-zinc-950')}>
      {initials(name)}
    </span>
  );
}

/** 'Ana Reyes' → 'AR', 'Cher' → 'C'; '?' when there is no name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}
