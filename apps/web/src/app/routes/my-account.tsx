import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { useProfileRefresh } from '@/features/account/api/get-profile';
import { ProfileDetails } from '@/features/account/components/profile-details';
import { useLogout } from '@/features/auth/api/logout';
import { AccountSubscription } from '@/features/billing/components/subscription-summary';
import { useDisplaySettings } from '@/features/settings/api/get-display-settings';
import { useCurrentSession } from '@/lib/session-store';

export function Component() {
  const session = useCurrentSession();
  const logout = useLogout();
  const settings = useDisplaySettings();
  useProfileRefresh();
  // RequireSession guards this page; the session can still end while it is open.
  if (!session) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">My Account</h1>
      <ProfileDetails
        session={session}
        supportEmail={settings.data?.supportEmail || site.supportEmail}
        actions={
          <Button
            variant="ghost"
            size="sm"
            // Once the session is cleared, RequireSession sends the viewer home.
            onClick={() => logout.mutate()}
          >
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        }
      />
      <AccountSubscription />
      <nav aria-label="Account">
        <Link to={paths.rented.href()} className="text-sm font-medium text-amber-400 hover:text-amber-300">
          Rented
        </Link>
      </nav>
    </div>
  );
}
