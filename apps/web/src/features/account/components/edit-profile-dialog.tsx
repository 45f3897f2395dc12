import type { Session } from '@marquee/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';

interface EditProfileDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: Session;
}

/** Edits the name only (behaviour.md §2); the dialog's content remounts on each opening, so it starts fresh. */
export function EditProfileDialog({ open, onOpenChange, session }: EditProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit Profile">
      <EditProfileForm session={session} onSaved={() => onOpenChange(false)} />
    </Dialog>
  );
}

function EditProfileForm({ session, onSaved }: { session: Session; onSaved: () => void }) {
  const [name, setName] = useState(session.user.name);
  const update = useUpdateProfile();
  const inputId = useId();
  const errorId = useId();
  const error = update.error ? messageOf(update.error) : null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const { email, phoneNumber, dob } = session.user;
    // behaviour.md §5: the name goes as typed, with no check here; the server has the rules.
    update.mutate({ name, email, phoneNumber, dob }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={save} noValidate className="space-y-5">
      <div className="space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-zinc-200">
          Name
        </label>
        <input
          id={inputId}
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-11 w-full rounded-md bg-zinc-950 px-3 text-white ring-1 ring-white/15 outline-none focus:ring-2 focus:ring-amber-400 aria-invalid:ring-red-500"
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

/** The server's words: the field's own message for a validation problem, else the problem's message. */
function messageOf(error: Error): string {
  if (error instanceof ApiError) return error.fieldErrors.name ?? error.message;
  return error.message;
}
