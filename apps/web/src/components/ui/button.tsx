import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition select-none ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400 ' +
  'disabled:cursor-not-allowed disabled:opacity-50';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-amber-400 text-zinc-950 hover:bg-amber-300',
  secondary: 'bg-white/10 text-white ring-1 ring-white/15 hover:bg-white/20',
  ghost: 'text-zinc-200 hover:bg-white/10 hover:text-white',
};

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm sm:text-base' } as const;

/** Button look for anything clickable, so links and buttons match. */
export function buttonClass(options: { variant?: ButtonVariant; size?: keyof typeof sizes; className?: string } = {}): string {
  return cn(base, variants[options.variant ?? 'primary'], sizes[options.size ?? 'md'], options.className);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: keyof typeof sizes };

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, className })} {...rest} />;
}
