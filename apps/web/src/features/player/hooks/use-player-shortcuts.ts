import type { KeyboardEvent } from 'react';

export const SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

export interface PlayerActions {
  togglePlay: () => void;
  seekBy: (seconds: number) => void;
  changeVolume: (delta: number) => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
}

/**
 * The player's keyboard shortcuts (the YouTube set viewers know): space or k play/pause, ←/→ seek
 * 10 s, ↑/↓ volume, f fullscreen, m mute. Keys meant for a focused control are left to it: space
 * on a button presses that button, arrows move a slider or a menu.
 */
export function playerKeyHandler(actions: PlayerActions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const inMenu = target.closest('[role="menu"]') !== null;
    const onSlider = target instanceof HTMLInputElement && target.type === 'range';
    const onButton = target.closest('button') !== null;
    const handled = handleKey({ key: event.key, actions, context: { inMenu, onSlider, onButton } });
    if (handled) event.preventDefault();
  };
}

function handleKey(input: { key: string; actions: PlayerActions; context: { inMenu: boolean; onSlider: boolean; onButton: boolean } }): boolean {
  const { key, actions, context } = input;
  if (context.inMenu) return false;
  switch (key) {
    case ' ':
      if (context.onButton) return false;
      actions.togglePlay();
      return true;
    case 'k':
    case 'K':
      actions.togglePlay();
      return true;
    case 'ArrowLeft':
    case 'ArrowRight':
      if (context.onSlider) return false;
      actions.seekBy(key === 'ArrowLeft' ? -SEEK_STEP_SECONDS : SEEK_STEP_SECONDS);
      return true;
    case 'ArrowUp':
    case 'ArrowDown':
      if (context.onSlider) return false;
      actions.changeVolume(key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP);
      return true;
    case 'f':
    case 'F':
      actions.toggleFullscreen();
      return true;
    case 'm':
    case 'M':
      actions.toggleMute();
      return true;
    default:
      return false;
  }
}
