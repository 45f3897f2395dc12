import { createHash } from 'node:crypto';
import { request } from 'node:http';

/** Raw tus 1.0 requests over real HTTP, so a test can cut a PATCH off half-way. */
export function tusClient(base: string, authorization: string | undefined) {
  const headers = (extra: Record<string, string>) => ({ 'tus-resumable': '1.0.0', ...(authorization ? { authorization } : {}), ...extra });
  return {
    async create(size: number, metadata: Record<string, string> = {}) {
      const encoded = Object.entries(metadata).map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`).join(',');
      const res = await fetch(`${base}/admin/api/uploads`, {
        method: 'POST',
        headers: headers({ 'upload-length': String(size), ...(encoded ? { 'upload-metadata': encoded } : {}) }),
      });
      return { status: res.status, location: res.headers.get('location'), body: await res.text() };
    },
    async offset(location: string) {
      const res = await fetch(`${base}${location}`, { method: 'HEAD', headers: headers({}) });
      return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? NaN) };
    },
    async patch(location: string, offset: number, data: Buffer) {
      const res = await fetch(`${base}${location}`, {
        method: 'PATCH',
        headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: new Uint8Array(data),
      });
      return { status: res.status, offset: Number(res.headers.get('upload-offset') ?? NaN), body: await res.text() };
    },
    /**
     * Sends `data` from `offset` but only `sent` bytes of it, then calls `cut` (which ends the
     * connection one way or another) and resolves once the request has failed.
     */
    patchCut(location: string, input: { offset: number; data: Buffer; sent: number; arrived: () => Promise<boolean>; cut: (destroy: () => void) => Promise<void> }) {
      return new Promise<void>((resolve, reject) => {
        const url = new URL(`${base}${location}`);
        const req = request(url, {
          method: 'PATCH',
          headers: headers({
            'upload-offset': String(input.offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(input.data.length),
          }),
        });
        req.on('error', () => resolve());
        req.on('response', (res) => reject(new Error(`the cut PATCH was answered ${res.statusCode}`)));
        // Cut once the server has stored some of what was sent (a loaded machine may take a while).
        const cutWhenArrived = async () => {
          while (!(await input.arrived())) await new Promise((r) => setTimeout(r, 50));
          await input.cut(() => req.destroy());
        };
        req.write(input.data.subarray(0, input.sent), () => void cutWhenArrived().catch(reject));
      });
    },
  };
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
