import { Search } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { MobileTopBar } from '@/components/layout/mobile-top-bar';
import { ScrollToTop } from '@/components/layout/scroll-to-top';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { buttonClass } from '@/components/ui/button';
import { inThirdPartySection, paths } from '@/config/paths';
import { AccountMenu } from '@/features/account/components/account-menu';
import { MobileAccountLink } from '@/features/account/components/mobile-account-link';
import { useLogout } from '@/features/auth/api/logout';
import { CategoryBar } from '@/features/catalog/components/category-bar';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { ProfileGate } from '@/features/profiles/components/profile-gate';
import { HeaderSearch } from '@/features/search/components/header-search';
import { SubscriberBadge } from '@/features/settings/components/subscriber-badge';
import { TestModeRibbon } from '@/features/settings/components/test-mode-ribbon';
import { NavigationProgress } from './navigation-progress';

/**
 * The common layout of every page (behaviour.md §2). In third-party mode (the /third-party pages) the
 * logo leads to /third-party and the search box and the mobile search and profile buttons are
 * left out; the category bar is the way back to the main catalogue.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const thirdParty = inThirdPartySection(pathname);
  // The search page has its own box, and the login page is where 'Login' would lead.
  const onSearchPage = pathname === paths.search.path;
  const onLoginPage = pathname === paths.login.path;
  const logoHref = thirdParty ? paths.thirdParty.home.href() : paths.home.href();
  const logout = useLogout();

  return (
    <div className="flex min-h-dvh flex-col bg-zinc-950 text-zinc-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-amber-400 px-4 py-2 font-semibold text-zinc-950 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TestModeRibbon />
      <ScrollToTop />
      <NavigationProgress />
      <MobileTopBar
        logoHref={logoHref}
        categories={<CategoryBar variant="mobile" />}
        actions={
          thirdParty ? (
            <NotificationBell />
          ) : (
            <>
              <Link to={paths.search.href()} aria-label="Search" className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2' })}>
                <Search aria-hidden="true" className="size-5" />
              </Link>
              <NotificationBell />
              {!onLoginPage && <MobileAccountLink />}
            </>
          )
        }
      />
      <SiteHeader
        logoHref={logoHref}
        categories={<CategoryBar variant="header" />}
        search={thirdParty || onSearchPage ? undefined : <HeaderSearch />}
        badge={<SubscriberBadge />}
        notifications={<NotificationBell />}
        account={onLoginPage ? undefined : <AccountMenu onLogout={() => logout.mutate()} />}
      />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-[1920px] flex-1 overflow-x-clip px-4 py-6 outline-none sm:px-6 lg:px-10">
        {onLoginPage ? (
          <Outlet />
        ) : (
          <ProfileGate>
            <Outlet />
          </ProfileGate>
        )}
      </main>
      <SiteFooter />
    </div>
  );
}
