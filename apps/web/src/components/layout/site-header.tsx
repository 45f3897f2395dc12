import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Logo } from './logo';

interface SiteHeaderProps {
  logoHref: string;
  /** Category buttons. */
  categories: ReactNode;
  /** Search box; left out in third-party mode and on the search page (it has its own). */
  search?: ReactNode;
  badge: ReactNode;
  /** The notification bell (renders nothing when signed out). */
  notifications?: ReactNode;
  /** The account menu or the Login button; left out on the login page itself. */
  account?: ReactNode;
}

/**
 * Desktop header (from the md breakpoint up); the pieces come in as slots so modes can swap them.
 * One row from 1440 px; below it the categories move to a second row, so everything else (the
 * subscriber badge included) keeps its room instead of being squeezed out. The text is the
 * system's sans-serif, whose width varies from machine to machine: in one row the categories never
 * shrink (a shrinking strip would share any shortfall with the search box and cut a category by a
 * pixel or two); the search box gives up its width instead, down to 112 px.
 */
export function SiteHeader({ logoHref, categories, search, badge, notifications, account }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-30 hidden border-b border-white/5 bg-zinc-950/85 backdrop-blur-md md:block">
      <div className="mx-auto flex max-w-[1920px] flex-wrap items-center gap-x-4 px-6 lg:px-10 min-[90rem]:h-16 min-[90rem]:flex-nowrap">
        <div className="flex h-16 shrink-0 items-center">
          <Logo to={logoHref} />
        </div>
        <nav aria-label="Categories" className="order-last -mx-1 min-w-0 basis-full overflow-x-auto px-1 pb-2 [scrollbar-width:none] min-[90rem]:order-none min-[90rem]:flex-1 min-[90rem]:shrink-0 min-[90rem]:basis-auto min-[90rem]:pb-0">
          {categories}
        </nav>
        <div className="ml-auto flex h-16 min-w-0 items-center gap-3 lg:gap-4 min-[90rem]:ml-0">
          {search && <div className="w-44 min-w-0 shrink lg:w-64 min-[90rem]:w-56 min-[90rem]:min-w-28 min-[90rem]:shrink-[50] 2xl:w-72">{search}</div>}
          <div className="shrink-0">{badge}</div>
          <Link
            to={paths.subscriptions.href()}
            className="shrink-0 rounded-md bg-amber-400 px-3 py-1.5 text-sm font-semibold text-zinc-950 transition hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          >
            Subscribe
          </Link>
          {notifications && <div className="shrink-0 empty:hidden">{notifications}</div>}
          {account && <div className="shrink-0">{account}</div>}
        </div>
      </div>
    </header>
  );
}
