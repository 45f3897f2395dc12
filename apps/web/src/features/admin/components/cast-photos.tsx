import type { AdminTitle } from '@marquee/contract/admin';
import { useId } from 'react';
import { FormMessage } from './fields';
import { useUploadPersonPhoto } from '../api/upload-person-photo';
import { useFilePreview } from '../hooks/use-file-preview';

type CastMember = AdminTitle['cast'][number];

/**
 * The saved cast's photos, shown on the title page beside each name. A person's photo is theirs,
 * not the title's: every title they appear in shows the new one.
 */
export function CastPhotos({ title, readOnly }: { title: Pick<AdminTitle, '_id' | 'name' | 'cast'>; readOnly: boolean }) {
  if (title.cast.length === 0) return null;
  return (
    <section aria-labelledby="cast-photos-heading" className="flex flex-col gap-3">
      <h2 id="cast-photos-heading" className="text-lg font-semibold text-white">
        Cast photos
      </h2>
      <p className="text-sm text-zinc-400">PNG, JPEG or WebP; cropped to a square. Add a cast member in the form above and save first.</p>
      <ul aria-label={`Cast of ${title.name}`} className="grid gap-4 sm:grid-cols-2">
        {title.cast.map((member) => (
          <CastPhoto key={member.personId} titleId={title._id} member={member} readOnly={readOnly} />
        ))}
      </ul>
    </section>
  );
}

function CastPhoto({ titleId, member, readOnly }: { titleId: string; member: CastMember; readOnly: boolean }) {
  const id = useId();
  const upload = useUploadPersonPhoto(titleId);
  const { preview, show, clear } = useFilePreview();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    show(file);
    upload.mutate({ personId: member.personId, file }, { onSettled: clear });
  };
  const shown = preview ?? (member.image || null);

  return (
    <li className="flex items-start gap-3 rounded-lg bg-zinc-900/60 p-3">
      <div className="size-16 shrink-0 overflow-hidden rounded-full bg-zinc-800 ring-1 ring-white/10">
        {shown && <img src={shown} alt={`${member.name}${preview ? ' (preview)' : ''}`} className="size-full object-cover" />}
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm text-white">
          {member.name}
          {member.role && <span className="text-zinc-400"> · {member.role}</span>}
        </p>
        {!readOnly && (
          <>
            <label htmlFor={id} className="text-xs font-medium text-zinc-300">
              Photo of {member.name}
            </label>
            <input id={id} type="file" accept="image/png,image/jpeg,image/webp" disabled={upload.isPending} onChange={(event) => onFile(event.target.files?.[0])} className="text-sm text-zinc-300" />
          </>
        )}
        {upload.isPending && <p role="status" className="text-sm text-zinc-400">Uploading…</p>}
        {upload.isError && <FormMessage tone="error">{upload.error.message}</FormMessage>}
      </div>
    </li>
  );
}
