import { lazy } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { DeferredPopup } from '@/components/ui/deferred-popup';
import { paths } from '@/config/paths';
import { useCurrentSession } from '@/lib/session-store';
import { AvatarButton } from './avatar-button';

const SignedInMenu = lazy(() => import('./signed-in-menu'));

interface AccountMenuProps {
  /** Ends the session (server call, then the store); the menu leaves for home first. */
  onLogout: () => void;
}

/** Login button when signed out; otherwise the avatar with Watchlist, My Account and Logout. */
export function AccountMenu({ onLogout }: AccountMenuProps) {
  const session = useCurrentSession();

  if (!session) {
    return (
      <Link to={paths.login.href()} className={buttonClass({ variant: 'secondary', size: 'sm' })}>
        Login
      </Link>
    );
  }
  const { name, image } = session.user;
  return (
    <DeferredPopup standIn={(ask) => <AvatarButton name={name} image={image} aria-haspopup="menu" aria-expanded={false} onClick={ask} />}>
      {(openOnArrival) => <SignedInMenu name={name} image={image} onLogout={onLogout} defaultOpen={openOnArrival} />}
    </DeferredPopup>
  );
}
