import { Menu, MenuChoices } from '@/components/ui/menu';
import { controlButtonClass, type PlayerMenuProps } from './player-control';

/** The menu itself (Radix), loaded once the player shows a choice to make (player-menu.tsx). */
export default function PlayerMenuPopup({ label, icon, title, options, value, onSelect, defaultOpen }: PlayerMenuProps & { defaultOpen: boolean }) {
  return (
    <Menu
      label={title}
      side="top"
      inline
      focusChecked
      defaultOpen={defaultOpen}
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
