import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from './fields';
import { useTusUpload, type TusUploadState } from '../hooks/use-tus-upload';
import { formatBytes, formatDuration } from '../utils/upload-rate';

/**
 * Chooses a source video and uploads it resumably, with a progress bar, the speed and the time
 * left. `onUploaded` gets the upload's name once the server has checked it is a video.
 */
export function VideoUpload({ label, disabled, onUploaded }: { label: string; disabled?: boolean; onUploaded: (name: string) => void }) {
  const id = useId();
  const { state, start, cancel } = useTusUpload(onUploaded);
  const busy = state.status === 'uploading';
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="video/*,.mkv,.mov,.mp4,.m4v,.webm,.avi,.mxf,.ts"
        disabled={disabled || busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void start(file);
          event.target.value = '';
        }}
        className="text-sm text-zinc-300"
      />
      <UploadProgress state={state} onCancel={() => void cancel()} />
    </div>
  );
}

function UploadProgress({ state, onCancel }: { state: TusUploadState; onCancel: () => void }) {
  if (state.status === 'idle') return null;
  if (state.status === 'error') return <FormMessage tone="error">{state.message}</FormMessage>;
  if (state.status === 'done') return <p role="status" className="text-sm text-emerald-400">{state.fileName} uploaded.</p>;
  const percent = state.total > 0 ? Math.floor((state.sent / state.total) * 100) : 0;
  const { bytesPerSecond, secondsLeft } = state.rate;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={`Uploading ${state.fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full max-w-md overflow-hidden rounded bg-zinc-800"
      >
        <div className="h-full bg-amber-400 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-zinc-400" aria-live="polite">
        {percent}% · {formatBytes(state.sent)} of {formatBytes(state.total)}
        {bytesPerSecond !== null && ` · ${formatBytes(bytesPerSecond)}/s`}
        {secondsLeft !== null && ` · ${formatDuration(secondsLeft)} left`}
        {state.resumedFrom > 0 && ` · resumed at ${formatBytes(state.resumedFrom)}`}
      </p>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
          Stop upload
        </Button>
      </div>
    </div>
  );
}
