import type { ComponentProps } from 'react';
import { UserAvatar } from './user-avatar';

interface AvatarButtonProps extends ComponentProps<'button'> {
  name: string;
  image: string;
}

/** The menu's button: the viewer's avatar, named for screen readers. */
export function AvatarButton({ name, image, ...props }: AvatarButtonProps) {
  return (
    <button
      type="button"
      aria-label={`Account menu for ${name}`}
      className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
      {...props}
    >
      <UserAvatar name={name} image={image} />
    </button>
  );
}
