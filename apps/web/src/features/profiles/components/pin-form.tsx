import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';

interface PinFormProps {
  /** What the PIN opens, for the heading: "Enter the PIN to open Ada". */
  profileName: string;
  error: string | null;
  busy: boolean;
  onSubmit: (pin: string) => void;
  onCancel: () => void;
}

/** The account's 4-digit PIN, asked to leave a kids profile or to open one that requires it. */
export function PinForm({ profileName, error, busy, onSubmit, onCancel }: PinFormProps) {
  const [pin, setPin] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(pin);
  };
  return (
    <form onSubmit={submit} className="mx-auto mt-8 flex max-w-xs flex-col gap-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        Enter the PIN to open {profileName}
      </h2>
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        PIN
      </label>
      <input
        id={id}
        value={pin}
        onChange={(event) => setPin(event.target.value.replace(/\D/g, '').slice(0, 4))}
        inputMode="numeric"
        autoComplete="off"
        type="password"
        maxLength={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md bg-zinc-900 px-3 py-2.5 text-center text-2xl tracking-[0.5em] text-white ring-1 ring-white/15 outline-none focus-visible:ring-2 focus-visible:ring-amber-400"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={busy || pin.length !== 4}>
          Open profile
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
