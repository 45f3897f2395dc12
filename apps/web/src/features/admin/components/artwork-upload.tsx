import type { AdminTitle } from '@marquee/contract/admin';
import { useId } from 'react';
import { FormMessage } from './fields';
import { useUploadArtwork } from '../api/upload-artwork';
import { useFilePreview } from '../hooks/use-file-preview';

const slots = [
  { slot: 'vertical', label: 'Poster', note: 'Portrait, 11:16', frame: 'aspect-[11/16] w-32' },
  { slot: 'horizontal', label: 'Wide banner', note: 'Landscape, 16:9', frame: 'aspect-video w-64' },
] as const;

/** The poster and the wide banner: the current image, a preview of the chosen file, then the server's re-encoded result. */
export function ArtworkUpload({ title, readOnly }: { title: AdminTitle; readOnly: boolean }) {
  return (
    <section aria-labelledby="artwork-heading" className="flex flex-col gap-3">
      <h2 id="artwork-heading" className="text-lg font-semibold text-white">
        Artwork
      </h2>
      <div className="flex flex-wrap gap-6">
        {slots.map((slot) => (
          <ArtworkSlot key={slot.slot} title={title} readOnly={readOnly} {...slot} />
        ))}
      </div>
    </section>
  );
}

function ArtworkSlot({ title, slot, label, note, frame, readOnly }: { title: AdminTitle; slot: 'vertical' | 'horizontal'; label: string; note: string; frame: string; readOnly: boolean }) {
  const id = useId();
  const upload = useUploadArtwork();
  const { preview, show, clear } = useFilePreview();
  const current = slot === 'vertical' ? title.verticalBanner : title.horizontalBanner;

  const onFile = (file: File | undefined) => {
    if (!file) return;
    show(file);
    upload.mutate({ id: title._id, slot, file }, { onSuccess: clear });
  };

  return (
    <div className="flex flex-col gap-2">
      <div className={`${frame} overflow-hidden rounded-lg bg-zinc-800 ring-1 ring-white/10`}>
        {(preview ?? current) && <img src={preview ?? current} alt={`${label} of ${title.name}${preview ? ' (preview)' : ''}`} className="size-full object-cover" />}
      </div>
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label} <span className="text-xs text-zinc-400">({note})</span>
      </label>
      <input id={id} type="file" accept="image/png,image/jpeg,image/webp" disabled={readOnly || upload.isPending} onChange={(event) => onFile(event.target.files?.[0])} className="text-sm text-zinc-300" />
      {upload.isPending && <p role="status" className="text-sm text-zinc-400">Uploading…</p>}
      {upload.isError && <FormMessage tone="error">{upload.error.message}</FormMessage>}
    </div>
  );
}
