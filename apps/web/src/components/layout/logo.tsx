import { Link } from 'react-router';
import { site } from '@/config/site';

/** The wordmark, linking home (or to the third-party home in that mode). */
export function Logo({ to }: { to: string }) {
  return (
    <Link
      to={to}
      aria-label={`${site.name} home`}
      className="flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-400"
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7">
        <rect width="32" height="32" rx="8" className="fill-amber-400" />
        <path d="M12 9.5v13l10.5-6.5z" className="fill-zinc-950" />
      </svg>
      <span className="text-lg font-extrabold tracking-[0.18em] text-white">MARQUEE</span>
    </Link>
  );
}
