/**
 * The only variables the browser gets, read once. The API shares the app's origin, so the base
 * URL is empty unless a build points the app at another host.
 */
export const env = {
  apiBaseUrl: trimTrailingSlash(import.meta.env.VITE_API_BASE_URL ?? ''),
} as const;

function trimTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
