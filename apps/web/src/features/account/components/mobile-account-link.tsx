import { UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session-store';

/** Mobile top bar: Profile (to My Account) when signed in, otherwise Login. */
export function MobileAccountLink() {
  const isLoggedIn = useSession((state) => state.isLoggedIn);
  if (isLoggedIn) {
    return (
      <Link to={paths.myAccount.href()} aria-label="Profile" className={buttonClass({ variant: 'ghost', size: 'sm', className: 'px-2' })}>
        <UserRound aria-hidden="true" className="size-5" />
      </Link>
    );
  }
  return (
    <Link to={paths.login.href()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      Login
    </Link>
  );
}
