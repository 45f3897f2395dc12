import { request, type FullConfig } from '@playwright/test';
import { waitForDemoMedia } from './demo-readiness';

/**
 * Before any spec: the server's demo media is transcoded. Specs then start on a quiet machine with
 * every trailer and video playable, instead of racing the transcodes (on a busy 2-core machine they
 * take several minutes) under their own timeouts.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  const api = await request.newContext({ baseURL });
  try {
    await waitForDemoMedia(api, { timeoutMs: 20 * 60_000, log: (line) => console.log(line) });
  } finally {
    await api.dispose();
  }
}
