import { useId } from 'react';
import { cn } from '@/lib/cn';

interface FormFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

const inputClass =
  'mt-1.5 block w-full rounded-md bg-zinc-900 px-3 py-2.5 text-white ring-1 ring-white/15 outline-none transition placeholder:text-zinc-500 focus-visible:ring-2 focus-visible:ring-amber-400';

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function FormField({ label, name, value, onChange, error, type = 'text', autoComplete, multiline = false }: FormFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const shared = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    className: cn(inputClass, error && 'ring-red-500'),
  };

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      {multiline ? (
        <textarea {...shared} rows={6} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...shared} type={type} autoComplete={autoComplete} onChange={(event) => onChange(event.target.value)} />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
