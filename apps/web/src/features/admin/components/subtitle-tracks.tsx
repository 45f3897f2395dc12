import type { AdminSubtitle } from '@marquee/contract/admin';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from './fields';
import { SubtitleForm } from './subtitle-form';
import { useAddSubtitle, useDeleteSubtitle, useReplaceSubtitle, useVideoSubtitles } from '../api/subtitles';
import { formatWhen } from '../utils/format';

/**
 * A video's subtitle tracks: uploaded WebVTT files (replace, delete) and the source's own tracks.
 * Changes reach viewers at once, without a new transcode.
 */
export function SubtitleTracks({ assetId, readOnly }: { assetId: string; readOnly: boolean }) {
  const tracks = useVideoSubtitles(assetId);
  const add = useAddSubtitle();
  return (
    <details className="rounded-md bg-black/20 p-3 ring-1 ring-white/5">
      <summary className="cursor-pointer text-sm font-medium text-zinc-200">
        Subtitles{tracks.data ? ` (${tracks.data.tracks.filter((t) => !t.replaced).length})` : ''}
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        {tracks.isPending && <p className="text-sm text-zinc-400">Reading the subtitle tracks…</p>}
        {tracks.isError && <FormMessage tone="error">{tracks.error.message}</FormMessage>}
        {tracks.data && tracks.data.tracks.length === 0 && <p className="text-sm text-zinc-400">No subtitles yet.</p>}
        {tracks.data && tracks.data.tracks.length > 0 && (
          <ul aria-label="Subtitle tracks" className="flex flex-col gap-2">
            {tracks.data.tracks.map((track) => (
              <TrackItem key={`${track.origin}-${track.lang}-${track.label}`} assetId={assetId} track={track} readOnly={readOnly} />
            ))}
          </ul>
        )}
        {!readOnly && <SubtitleForm onSave={(values) => add.mutateAsync({ assetId, ...values })} />}
      </div>
    </details>
  );
}

function TrackItem({ assetId, track, readOnly }: { assetId: string; track: AdminSubtitle; readOnly: boolean }) {
  const [mode, setMode] = useState<'view' | 'replace' | 'delete'>('view');
  const replace = useReplaceSubtitle();
  const remove = useDeleteSubtitle();
  const editable = track.origin === 'upload' && !readOnly;
  return (
    <li className="flex flex-col gap-2 rounded bg-zinc-800/60 p-2 text-sm text-zinc-200">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium">{track.label}</span>
        <span className="text-zinc-400">{track.lang}</span>
        <span className="text-zinc-400">{describe(track)}</span>
        {editable && mode === 'view' && (
          <span className="ml-auto flex gap-2">
            <Button size="sm" variant="ghost" aria-label={`Replace the ${track.label} subtitles`} onClick={() => setMode('replace')}>
              Replace
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Delete the ${track.label} subtitles`} onClick={() => setMode('delete')}>
              Delete
            </Button>
          </span>
        )}
      </div>
      {mode === 'replace' && (
        <SubtitleForm track={track} onSave={(values) => replace.mutateAsync({ assetId, ...values }).then(() => setMode('view'))} onCancel={() => setMode('view')} />
      )}
      {mode === 'delete' && (
        <div role="group" aria-label={`Delete the ${track.label} subtitles?`} className="flex flex-wrap items-center gap-2">
          <span>Delete the {track.label} subtitles? Viewers lose them at once.</span>
          <Button size="sm" variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate({ assetId, lang: track.lang }, { onSuccess: () => setMode('view') })}>
            Delete
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('view')}>
            Keep
          </Button>
        </div>
      )}
      {remove.isError && <FormMessage tone="error">{remove.error.message}</FormMessage>}
    </li>
  );
}

function describe(track: AdminSubtitle): string {
  if (track.origin === 'video') return track.replaced ? 'from the video file, replaced by an upload' : 'from the video file';
  return `${track.cues} ${track.cues === 1 ? 'cue' : 'cues'}, uploaded ${track.uploadedAt ? formatWhen(track.uploadedAt) : ''}`.trim();
}
