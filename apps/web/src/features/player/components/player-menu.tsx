import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface MenuOption {
  value: string;
  label: string;
}

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
 * A menu button with a single-choice list (WAI-ARIA menu pattern): opening moves focus to the
 * chosen item, ↑/↓/Home/End move, Enter or Space chooses, Escape or Tab closes, and focus returns
 * to the button.
 */
export function PlayerMenu({ label, icon, title, options, value, onSelect }: PlayerMenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const chosen = Math.max(0, options.findIndex((option) => option.value === value));
    itemRefs.current[chosen]?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => document.removeEventListener('pointerdown', closeOnOutside);
    // Focus moves only when the menu opens, not while the viewer walks it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (option: MenuOption) => {
    onSelect(option.value);
    close();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const last = options.length - 1;
    const moves: Record<string, number> = { ArrowDown: current + 1 > last ? 0 : current + 1, ArrowUp: current - 1 < 0 ? last : current - 1, Home: 0, End: last };
    if (event.key in moves) {
      event.preventDefault();
      itemRefs.current[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        className={controlButtonClass}
      >
        {icon}
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={title}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 bottom-full mb-2 min-w-36 rounded-md bg-zinc-900/95 py-1 shadow-lg ring-1 ring-white/15"
        >
          {options.map((option, index) => (
            <button
              key={option.value}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option.value === value}
              tabIndex={-1}
              onClick={() => choose(option)}
              className={cn(
                'flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm text-zinc-200 outline-none hover:bg-white/10 focus:bg-white/15',
                option.value === value && 'font-semibold text-amber-400',
              )}
            >
              <span aria-hidden="true" className="w-3">
                {option.value === value ? '✓' : ''}
              </span>
              {option.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export const controlButtonClass =
  'inline-flex size-9 items-center justify-center rounded-md text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-amber-400';
