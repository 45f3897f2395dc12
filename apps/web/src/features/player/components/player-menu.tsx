import type { ReactNode } from 'react';
import { Menu, MenuChoices, type MenuChoice } from '@/components/ui/menu';

export type MenuOption = MenuChoice;

interface PlayerMenuProps {
  /** Accessible name of the button, e.g. 'Quality: Auto (720p)'. */
  label: string;
  icon: ReactNode;
  /** Heading read out with the menu, e.g. 'Quality'. */
  title: string;
  options: MenuOption[];
  value: string;
  onSelect: (value: string) => void;
}

/**
 * A player control that opens a single-choice list (the app's menu: arrows, Home/End, Enter or
 * Space, Escape; focus goes back to the button). It opens on the chosen item, and stays inside
 * the player so it shows in fullscreen.
 */
export function PlayerMenu({ label, icon, title, options, value, onSelect }: PlayerMenuProps) {
  return (
    <Menu
      label={title}
      side="top"
      inline
      focusChecked
      className="min-w-36 bg-zinc-900/95 p-1 ring-white/15"
      trigger={
        <button type="button" aria-label={label} className={controlButtonClass}>
          {icon}
        </button>
      }
    >
      <MenuChoices choices={options} value={value} onChoose={onSelect} />
    </Menu>
  );
}

export const controlButtonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400';
