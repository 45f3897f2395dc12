import { Link, useNavigate } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { usePopover } from '@/components/ui/use-popover';
import { paths } from '@/config/paths';
import { useCurrentSession } from '@/lib/session-store';
import { UserAvatar } from './user-avatar';

const itemClass =
  'block w-full rounded-md px-3 py-2 text-left text-sm text-zinc-200 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400';

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
  return <SignedInMenu name={session.user.name} image={session.user.image} onLogout={onLogout} />;
}

function SignedInMenu({ name, image, onLogout }: { name: string; image: string; onLogout: () => void }) {
  const navigate = useNavigate();
  const { open, setOpen, rootProps, triggerProps, panelId } = usePopover();

  return (
    <div {...rootProps} className="relative">
      <button
        type="button"
        {...triggerProps}
        aria-label={`Account menu for ${name}`}
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      >
        <UserAvatar name={name} image={image} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-40 mt-2 w-48 rounded-xl bg-zinc-900 p-2 shadow-2xl ring-1 ring-white/10"
      >
        <p className="truncate px-3 py-2 text-xs text-zinc-400">{name}</p>
        <Link to={paths.watchlist.href()} className={itemClass}>
          Watchlist
        </Link>
        <Link to={paths.myAccount.href()} className={itemClass}>
          My Account
        </Link>
        <button
          type="button"
          className={itemClass}
          onClick={() => {
            setOpen(false);
            onLogout();
            void navigate(paths.home.href());
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
