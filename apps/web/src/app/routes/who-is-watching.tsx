import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ProfileChooser } from '@/features/profiles/components/profile-chooser';

/** Switching profile from the avatar menu: the same chooser, then home as the chosen profile. */
export function Component() {
  const navigate = useNavigate();
  return <ProfileChooser onChosen={() => void navigate(paths.home.href())} />;
}
