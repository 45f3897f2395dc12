import type { ReactNode } from 'react';
import type { MenuChoice } from '@/components/ui/menu';

export type MenuOption = MenuChoice;

/** A control of the player's bar that opens a single-choice list (player-menu.tsx). */
export interface PlayerMenuProps {
  /** Accessible name of the button, e.g. 'Quality: Auto (720p)'. */
  label: string;
  icon: ReactNode;
  /** Heading read out with the menu, e.g. 'Quality'. */
  title: string;
  options: MenuOption[];
  value: string;
  onSelect: (value: string) => void;
}

export const controlButtonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400';
