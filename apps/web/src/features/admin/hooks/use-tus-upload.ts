import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from 'tus-js-client';
import { requireSessionToken } from '@/lib/session-store';
import { createRateMeter, type UploadRate } from '../utils/upload-rate';

export const UPLOADS_ENDPOINT = '/admin/api/uploads';

export type TusUploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; sent: number; total: number; rate: UploadRate; resumedFrom: number }
  | { status: 'done'; fileName: string; name: string }
  | { status: 'error'; fileName: string; message: string };

/**
 * One resumable upload (tus). tus-js-client is loaded when a file is chosen. Its fingerprint of the
 * file (name, type, size, date) is kept in localStorage: choosing the same file after a reload, a
 * crash or a dropped connection carries on from where the server says it stopped.
 */
export function useTusUpload(onUploaded: (name: string) => void) {
  const [state, setState] = useState<TusUploadState>({ status: 'idle' });
  const current = useRef<Upload | null>(null);
  const onDone = useRef(onUploaded);
  useEffect(() => {
    onDone.current = onUploaded;
  }, [onUploaded]);

  useEffect(() => () => void current.current?.abort(), []);

  const start = useCallback(async (file: File) => {
    await current.current?.abort();
    const { Upload: TusUpload } = await import('tus-js-client');
    const meter = createRateMeter();
    let resumedFrom = 0;
    const upload = new TusUpload(file, {
      endpoint: UPLOADS_ENDPOINT,
      metadata: { filename: file.name, filetype: file.type },
      // Back off through a dropped connection or a restarting server: about a minute in all.
      retryDelays: [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000],
      removeFingerprintOnSuccess: true,
      // The operator's current token on every request, the resumed ones included.
      onBeforeRequest: (req) => req.setHeader('Authorization', `Bearer ${requireSessionToken()}`),
      // A refusal (not a video, too big, no longer allowed) will not change by asking again.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        return status === 0 || status >= 500 || status === 409 || status === 423;
      },
      // A HEAD asks the server where a resumed upload stopped.
      onAfterResponse: (req, res) => {
        if (req.getMethod() !== 'HEAD') return;
        resumedFrom = Number(res.getHeader('Upload-Offset')) || 0;
        meter.reset();
      },
      onProgress: (sent, total) => setState({ status: 'uploading', fileName: file.name, sent, total, rate: meter.sample(sent, total), resumedFrom }),
      onSuccess: () => {
        const name = (upload.url ?? '').split('/').pop() ?? '';
        setState({ status: 'done', fileName: file.name, name });
        onDone.current(name);
      },
      onError: (error) => setState({ status: 'error', fileName: file.name, message: messageOf(error) }),
    });
    current.current = upload;
    setState({ status: 'uploading', fileName: file.name, sent: 0, total: file.size, rate: { bytesPerSecond: null, secondsLeft: null }, resumedFrom: 0 });
    const previous = await upload.findPreviousUploads();
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }, []);

  const cancel = useCallback(async () => {
    await current.current?.abort();
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  return { state, start, cancel };
}

/** The server's own sentence when it sent one (415 not a video, 413 too big), else the client's. */
function messageOf(error: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }): string {
  const response = error.originalResponse;
  const body = response?.getBody()?.trim();
  if (response?.getStatus() === 413) return 'The file is larger than the site accepts (UPLOAD_MAX_MB).';
  if (response?.getStatus() === 401) return 'Your session has ended. Sign in again, then choose the file again to resume.';
  if (response?.getStatus() === 403) return 'Your account may not upload videos.';
  if (body && !body.startsWith('{')) return body;
  return 'The upload stopped: the connection failed too often. Choose the same file again to resume.';
}
