import type { TitleAccess } from '@marquee/contract';
import { accessLabel } from '@/lib/access';
import { cn } from '@/lib/cn';

const tone: Record<NonNullable<TitleAccess>['kind'], string> = {
  free: 'bg-emerald-400 text-zinc-950',
  included: 'bg-sky-300 text-zinc-950',
  rent: 'bg-amber-400 text-zinc-950',
  rented: 'bg-violet-300 text-zinc-950',
};

interface AccessBadgeProps {
  access: TitleAccess | undefined;
  className?: string;
  /** On cards the badge is decoration beside the title's name; on a title page it is read out. */
  decorative?: boolean;
}

/** The viewer's access to a title ('Free', 'Included', 'Rent $X', 'Rented · 31 h left'), as the server decided it. */
export function AccessBadge({ access, className, decorative = false }: AccessBadgeProps) {
  const label = accessLabel(access);
  if (!access || label === null) return null;
  return (
    <span
      aria-hidden={decorative || undefined}
      data-access={access.kind}
      className={cn('inline-block rounded px-1.5 py-0.5 text-[11px] leading-4 font-semibold whitespace-nowrap shadow', tone[access.kind], className)}
    >
      {label}
    </span>
  );
}
