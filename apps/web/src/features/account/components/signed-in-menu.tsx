import { Link, useNavigate } from 'react-router';
import { Menu, MenuItem, MenuLabel } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { AvatarButton } from './avatar-button';

interface SignedInMenuProps {
  name: string;
  image: string;
  onLogout: () => void;
  defaultOpen: boolean;
}

/** The account menu itself (its own chunk: it brings Radix's menu). */
export default function SignedInMenu({ name, image, onLogout, defaultOpen }: SignedInMenuProps) {
  const navigate = useNavigate();
  return (
    <Menu label={`Account of ${name}`} defaultOpen={defaultOpen} className="w-48" trigger={<AvatarButton name={name} image={image} />}>
      <MenuLabel>{name}</MenuLabel>
      <MenuItem asChild>
        <Link to={paths.watchlist.href()}>Watchlist</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.myAccount.href()}>My Account</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.whoIsWatching.href()}>Switch profile</Link>
      </MenuItem>
      <MenuItem asChild>
        <Link to={paths.profiles.href()}>Manage profiles</Link>
      </MenuItem>
      <MenuItem
        onSelect={() => {
          onLogout();
          void navigate(paths.home.href());
        }}
      >
        Logout
      </MenuItem>
    </Menu>
  );
}
