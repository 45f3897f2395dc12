import { lazy } from 'react';
import { DeferredPopup } from '@/components/ui/deferred-popup';
import { controlButtonClass, type PlayerMenuProps } from './player-control';

export { controlButtonClass, type MenuOption, type PlayerMenuProps } from './player-control';

const PlayerMenuPopup = lazy(() => import('./player-menu-popup'));

/**
 * A player control that opens a single-choice list (the app's menu: arrows, Home/End, Enter or
 * Space, Escape; focus goes back to the button). It opens on the chosen item, and stays inside
 * the player so it shows in fullscreen. Radix's menu is not part of the title page's first load:
 * the button is drawn at once and the menu's code follows (a press before it opens it on arrival).
 */
export function PlayerMenu(props: PlayerMenuProps) {
  return (
    <DeferredPopup
      standIn={(ask) => (
        <button type="button" aria-label={props.label} aria-haspopup="menu" aria-expanded={false} onClick={ask} className={controlButtonClass}>
          {props.icon}
        </button>
      )}
    >
      {(openOnArrival) => <PlayerMenuPopup {...props} defaultOpen={openOnArrival} />}
    </DeferredPopup>
  );
}
