import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from './logo';

interface SiteHeaderProps {
  logoHref: string;
  /** Category buttons. */
  categories: ReactNode;
  /** Search box; left out in third-party mode. */
  search?: ReactNode;
  badge: ReactNode;
  /** The notification bell (renders nothing when signed out). */
  notifications?: ReactNode;
  account: ReactNode;
}

/** Desktop header (from the md breakpoint up); the pieces come in as slots so modes can swap them. */
export function SiteHeader({ logoHref, categories, search, badge, notifications, account }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-30 hidden border-b border-white/5 bg-zinc-950/85 backdrop-blur-md md:block">
      <div className="mx-auto flex h-16 max-w-[1920px] items-center gap-4 px-6 lg:px-10">
        <Logo to={logoHref} />
        <nav aria-label="Categories" className="min-w-0 flex-1 overflow-x-auto [scrollbar-width:none]">
          {categories}
        </nav>
        {search && <div className="w-44 shrink-0 lg:w-64 xl:w-72">{search}</div>}
        <div className="hidden shrink-0 xl:block">{badge}</div>
        <Link
          to={paths.subscriptions.href()}
          className="shrink-0 rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-zinc-950 transition hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
        >
          Subscribe
        </Link>
        {notifications && <div className="shrink-0 empty:hidden">{notifications}</div>}
        <div className="shrink-0">{account}</div>
      </div>
    </header>
  );
}
