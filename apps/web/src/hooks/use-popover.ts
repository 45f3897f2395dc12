import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';

export interface PopoverOptions {
  /** Also close when focus moves out of the popover (a search box whose results drop down). */
  closeOnFocusOut?: boolean;
  /** Runs, during render, when the page changes: the place to reset state tied to the popover. */
  onPageChange?: () => void;
}

/**
 * Open state of the header search's results (a combobox: the text box keeps the focus while its
 * list drops down, which no Radix primitive models): it closes on a click outside, on Escape (focus
 * goes back to the box) and when the page changes. Menus and panels opened by a button are
 * components/ui/menu and components/ui/popover.
 */
export function usePopover<Trigger extends HTMLElement = HTMLButtonElement>(options: PopoverOptions = {}) {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [lastPath, setLastPath] = useState(pathname);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<Trigger>(null);
  const panelId = useId();

  if (pathname !== lastPath) {
    setLastPath(pathname);
    setOpen(false);
    options.onPageChange?.();
  }

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    triggerRef.current?.focus();
  };

  const onBlur = (event: FocusEvent) => {
    if (options.closeOnFocusOut && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return {
    open,
    setOpen,
    rootProps: { ref: rootRef, onKeyDown, onBlur },
    /** For a trigger that is not a toggle button (a text box): where Escape returns focus. */
    triggerRef,
    triggerProps: {
      ref: triggerRef,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((value) => !value),
    },
    panelId,
  };
}
