import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A panel that a button opens (non-modal dialog, on Radix's popover): Escape or a click outside
 * closes it and focus goes back to the button; Tab walks its content. Import only from a lazily
 * loaded module, like the menu.
 */
interface PopoverProps {
  trigger: ReactNode;
  /** Accessible name of the panel (it is a dialog). */
  label: string;
  children: ReactNode;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

export function Popover({ trigger, label, children, defaultOpen, onOpenChange, className }: PopoverProps) {
  return (
    <RadixPopover.Root defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className={cn('z-40 overflow-hidden rounded-xl bg-zinc-900 shadow-2xl ring-1 ring-white/10 outline-none', className)}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
