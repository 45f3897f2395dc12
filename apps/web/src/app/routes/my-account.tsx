import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useProfileRefresh } from '@/features/account/api/get-profile';
import { ProfileDetails } from '@/features/account/components/profile-details';
import { useLogout } from '@/features/auth/api/logout';
import { RentedList } from '@/features/billing/components/rented-list';
import { AccountSubscription } from '@/features/billing/components/subscription-summary';
import { useDisplaySettings } from '@/features/settings/api/get-display-settings';
import { useCurrentSession } from '@/lib/session-store';

const sectionClass = 'scroll-mt-32 rounded-xl bg-zinc-900 p-6 ring-1 ring-white/10';
const navLinkClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-zinc-300 hover:bg-white/5 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400';

/** A settings page: profile, plan, rentals and sign-out, with a section list beside them on wide screens. */
export function Component() {
  const session = useCurrentSession();
  const logout = useLogout();
  const settings = useDisplaySettings();
  useProfileRefresh();
  // RequireSession guards this page; the session can still end while it is open.
  if (!session) return null;

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">My Account</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="Account" className="self-start lg:sticky lg:top-24">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            <li><a href="#profile" className={navLinkClass}>Profile</a></li>
            <li><a href="#account-subscription" className={navLinkClass}>Plan</a></li>
            <li><Link to={paths.rented.href()} className={navLinkClass}>Rented</Link></li>
            <li><a href="#sign-out" className={navLinkClass}>Sign out</a></li>
          </ul>
        </nav>
        <div className="min-w-0 space-y-6">
          <ProfileDetails session={session} supportEmail={settings.data?.supportEmail || site.supportEmail} />
          <AccountSubscription />
          <section aria-labelledby="account-rentals" className={sectionClass}>
            <h2 id="account-rentals" className="mb-4 text-lg font-semibold text-white">
              Rentals
            </h2>
            <RentedList />
          </section>
          <section id="sign-out" aria-labelledby="account-sign-out" className={`${sectionClass} flex flex-wrap items-center justify-between gap-4`}>
            <div>
              <h2 id="account-sign-out" className="text-lg font-semibold text-white">
                Sign out
              </h2>
              <p className="mt-1 text-sm text-zinc-400">Signs you out of Marquee in this browser.</p>
            </div>
            {/* Once the session is cleared, RequireSession sends the viewer home. */}
            <Button variant="secondary" onClick={() => logout.mutate()}>
              <LogOut aria-hidden="true" className="size-4" />
              Logout
            </Button>
          </section>
        </div>
      </div>
    </div>
  );
}
