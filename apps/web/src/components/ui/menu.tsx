import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The app's menus (a button that opens a list of actions or choices), on Radix's dropdown menu:
 * arrow keys, Home/End and typeahead move, Enter or Space chooses, Escape or a click outside
 * closes and focus goes back to the button. Radix is kept out of the first page load: import this
 * only from a lazily loaded module.
 */
interface MenuProps {
  /** The button that opens the menu; rendered as Radix's trigger (it receives the ARIA state). */
  trigger: ReactNode;
  /** Accessible name of the list, e.g. 'Quality'. */
  label: string;
  children: ReactNode;
  /** Open on arrival: a click on the stand-in button before this module had loaded. */
  defaultOpen?: boolean;
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
  /**
   * Kept inside the trigger's subtree instead of portalled to <body>: a fullscreen player shows
   * only its own descendants.
   */
  inline?: boolean;
  /** Open with the focus on the checked choice (a single-choice list) instead of the first item. */
  focusChecked?: boolean;
  className?: string;
}

export function Menu({ trigger, label, children, defaultOpen, side = 'bottom', align = 'end', inline = false, focusChecked = false, className }: MenuProps) {
  const content = (
    <RadixMenu.Content
      // Radix names the list after its button; the list has a name of its own.
      aria-labelledby={undefined}
      aria-label={label}
      ref={focusChecked ? focusCheckedItem : undefined}
      side={side}
      align={align}
      sideOffset={8}
      collisionPadding={8}
      className={cn('z-50 min-w-40 rounded-xl bg-zinc-900 p-2 shadow-2xl ring-1 ring-white/10 outline-none', className)}
    >
      {children}
    </RadixMenu.Content>
  );
  return (
    <RadixMenu.Root defaultOpen={defaultOpen} modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      {inline ? content : <RadixMenu.Portal>{content}</RadixMenu.Portal>}
    </RadixMenu.Root>
  );
}

/** Moves the focus to the checked item as the list mounts (Radix has just focused the list itself). */
function focusCheckedItem(list: HTMLDivElement | null) {
  if (!list) return;
  requestAnimationFrame(() => list.querySelector<HTMLElement>('[role="menuitemradio"][data-state="checked"]')?.focus());
}

export const menuItemClass =
  'flex w-full cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-200 outline-none select-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white';

/** An action; `asChild` renders the child (a router Link) as the item. */
export function MenuItem({ children, onSelect, asChild }: { children: ReactNode; onSelect?: () => void; asChild?: boolean }) {
  return (
    <RadixMenu.Item asChild={asChild} onSelect={onSelect} className={menuItemClass}>
      {children}
    </RadixMenu.Item>
  );
}

/** Text at the top of a menu that names what it is about (not focusable). */
export function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="truncate px-3 py-2 text-xs text-zinc-400">{children}</RadixMenu.Label>;
}

export interface MenuChoice {
  value: string;
  label: string;
}

/** A single-choice list (menuitemradio): the chosen one is ticked and announced as checked. */
export function MenuChoices({ choices, value, onChoose }: { choices: MenuChoice[]; value: string; onChoose: (value: string) => void }) {
  return (
    <RadixMenu.RadioGroup value={value} onValueChange={onChoose}>
      {choices.map((choice) => (
        <RadixMenu.RadioItem
          key={choice.value}
          value={choice.value}
          className={cn(menuItemClass, 'py-1.5 data-[state=checked]:font-semibold data-[state=checked]:text-amber-400')}
        >
          <span aria-hidden="true" className="w-3">
            <RadixMenu.ItemIndicator>✓</RadixMenu.ItemIndicator>
          </span>
          {choice.label}
        </RadixMenu.RadioItem>
      ))}
    </RadixMenu.RadioGroup>
  );
}
