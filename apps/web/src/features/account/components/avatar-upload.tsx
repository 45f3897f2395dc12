import { Camera } from 'lucide-react';
import { useId, useRef, type ChangeEvent } from 'react';
import { useUpdateImage } from '../api/update-image';
import { UserAvatar } from './user-avatar';

/** The avatar as a button that opens a file picker; a chosen image is uploaded at once (behaviour.md §5). */
export function AvatarUpload({ name, image }: { name: string; image: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUpdateImage();
  const errorId = useId();

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (!file) return;
    upload.mutate(file);
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        aria-label="Change profile picture"
        aria-describedby={upload.isError ? errorId : undefined}
        className="group relative rounded-full focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-amber-400 disabled:opacity-60"
      >
        <UserAvatar name={name} image={image} size="lg" />
        <span
          aria-hidden="true"
          className="absolute right-0 bottom-0 flex size-8 items-center justify-center rounded-full bg-zinc-800 text-white ring-2 ring-zinc-900 transition group-hover:bg-amber-400 group-hover:text-zinc-950"
        >
          <Camera className="size-4" />
        </span>
      </button>
      <input ref={inputRef} type="file" accept="image/*" onChange={onChange} hidden />
      {upload.isPending && (
        <p role="status" className="text-xs text-zinc-400">
          Uploading…
        </p>
      )}
      {upload.isError && (
        <p id={errorId} role="alert" className="max-w-48 text-center text-sm text-red-400">
          {upload.error.message}
        </p>
      )}
    </div>
  );
}
