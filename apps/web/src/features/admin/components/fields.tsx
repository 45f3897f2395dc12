import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Button, type ButtonVariant } from '@/components/ui/button';

/**
 * The console's form controls: a label, the control, and its error announced and tied to it with
 * aria-describedby. They take react-hook-form's `register(...)` props as they are.
 */

export const controlClass =
  'mt-1 block w-full rounded-md bg-zinc-900 px-3 py-2 text-sm text-white ring-1 ring-white/15 outline-none placeholder:text-zinc-500 focus-visible:ring-2 focus-visible:ring-amber-400 disabled:opacity-60';

interface FieldShellProps {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: (control: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}

export function FieldShell({ label, error, hint, className, children }: FieldShellProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: cn(controlClass, error && 'ring-red-500') })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

type Common = { label: string; error?: string; hint?: string; wrapperClassName?: string };

export function TextField({ label, error, hint, wrapperClassName, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {(control) => <input type="text" {...input} {...control} />}
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, wrapperClassName, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {(control) => <textarea rows={5} {...input} {...control} />}
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, wrapperClassName, children, ...select }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldShell label={label} error={error} hint={hint} className={wrapperClassName}>
      {(control) => (
        <select {...select} {...control}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({ label, error, ...input }: { label: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" className="size-4 accent-amber-400" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...input} />
        <label htmlFor={id} className="text-sm text-zinc-200">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-wide message (the server's refusal not tied to a field, or a success). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md px-3 py-2 text-sm', tone === 'error' ? 'bg-red-950 text-red-200' : 'bg-emerald-950 text-emerald-200')}>
      {children}
    </p>
  );
}

/** For number inputs: an empty box is null (no value), anything else a number (NaN when not one, which the schema refuses). */
export const nullableNumber = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
/** For number inputs that must hold a value: an empty box is NaN, which the schema refuses with its message. */
export const requiredNumber = (value: unknown) => (value === '' || value === null || value === undefined ? Number.NaN : Number(value));

/** A form's submit button and, when the form can be closed, its Cancel. */
export function FormActions({ submitLabel, disabled, variant, onCancel }: { submitLabel: string; disabled: boolean; variant?: ButtonVariant; onCancel?: (() => void) | undefined }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" size="sm" variant={variant} disabled={disabled}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
