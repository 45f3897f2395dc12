import type { AdminTitle, VideoSlot } from '@marquee/contract/admin';
import { Button } from '@/components/ui/button';
import { FormMessage } from './fields';
import { SubtitleTracks } from './subtitle-tracks';
import { VideoUpload } from './video-upload';
import { useAttachUpload, useRetryTranscode, useVideoTranscode } from '../api/videos';

/**
 * A title's videos: a movie's full video and trailer, a series' trailer and each episode's video.
 * Uploading a file attaches it and starts its transcode, whose progress shows below it.
 */
export function VideoSlots({ title, readOnly }: { title: AdminTitle; readOnly: boolean }) {
  return (
    <section aria-labelledby="videos-heading" className="flex flex-col gap-4">
      <h2 id="videos-heading" className="text-lg font-semibold text-white">
        Videos
      </h2>
      {title.kind === 'movie' && <SlotCard label="Full video" assetId={title.videoAssetId} slot={{ kind: 'title', titleId: title._id, role: 'video' }} readOnly={readOnly} />}
      <SlotCard label="Trailer" assetId={title.trailerAssetId} slot={{ kind: 'title', titleId: title._id, role: 'trailer' }} readOnly={readOnly} />
      {title.episodes.map((episode) => (
        <SlotCard
          key={episode._id}
          label={`Episode ${episode.number}: ${episode.name}`}
          assetId={episode.videoAssetId}
          slot={{ kind: 'episode', episodeId: episode._id }}
          readOnly={readOnly}
        />
      ))}
    </section>
  );
}

function SlotCard({ label, assetId, slot, readOnly }: { label: string; assetId: string | null; slot: VideoSlot; readOnly: boolean }) {
  const attach = useAttachUpload();
  return (
    <div role="group" aria-label={label} className="flex flex-col gap-2 rounded-lg bg-zinc-900 p-4 ring-1 ring-white/10">
      <VideoUpload label={`${label}: upload a source video`} disabled={readOnly || attach.isPending} onUploaded={(upload) => attach.mutate({ upload, slot })} />
      {attach.isPending && <p role="status" className="text-sm text-zinc-400">Attaching…</p>}
      {attach.isError && <FormMessage tone="error">{attach.error.message}</FormMessage>}
      {assetId ? <TranscodeProgress assetId={assetId} readOnly={readOnly} /> : <p className="text-sm text-zinc-400">No video yet.</p>}
      {/* A trailer plays without subtitles; a full video or an episode offers them. */}
      {assetId && !(slot.kind === 'title' && slot.role === 'trailer') && <SubtitleTracks assetId={assetId} readOnly={readOnly} />}
    </div>
  );
}

/** The transcode's percent and stage, live; ffmpeg's message and a Retry button when it failed. */
function TranscodeProgress({ assetId, readOnly }: { assetId: string; readOnly: boolean }) {
  const transcode = useVideoTranscode(assetId);
  const retry = useRetryTranscode();
  if (transcode.isPending) return <p className="text-sm text-zinc-400">Reading the video’s state…</p>;
  if (transcode.isError) return <FormMessage tone="error">{transcode.error.message}</FormMessage>;
  const { state, job } = transcode.data;
  if (state === 'ready') return <p className="text-sm text-emerald-400">Transcode finished: ready to play.</p>;
  const percent = job?.progress ?? 0;
  return (
    <div className="flex flex-col gap-1">
      {state !== 'failed' && (
        <>
          <div role="progressbar" aria-label="Transcode" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full max-w-md overflow-hidden rounded bg-zinc-800">
            <div className="h-full bg-sky-400 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p className="text-sm text-zinc-300" aria-live="polite">
            Transcode: {percent}% · {job?.stage ?? 'Waiting for a worker'}
            {job && job.attempts > 1 && ` · attempt ${job.attempts} of ${job.maxAttempts}`}
          </p>
        </>
      )}
      {job?.error && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-red-300">{state === 'failed' ? 'The transcode failed:' : 'The last attempt failed; it will be tried again:'}</p>
          <pre className="max-h-40 overflow-auto rounded bg-black/60 p-2 text-xs whitespace-pre-wrap text-red-200">{job.error}</pre>
        </div>
      )}
      {state === 'failed' && !readOnly && (
        <div>
          <Button type="button" variant="secondary" size="sm" disabled={retry.isPending} onClick={() => retry.mutate({ assetId })}>
            Retry transcode
          </Button>
        </div>
      )}
      {retry.isError && <FormMessage tone="error">{retry.error.message}</FormMessage>}
    </div>
  );
}
