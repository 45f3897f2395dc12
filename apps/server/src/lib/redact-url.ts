/** Query parameters whose values are credentials or personal data: never written to a log. */
const SENSITIVE = /token|sig|signature|code|nonce|secret|password|passwd|key|auth|session|state|email|phone|credential|jwt/i;

const SIGNED_MEDIA_PATH = /^(\/media\/s\/[^/?]*\/[^/?]*\/)[^/?]*\//;

/**
 * A request URL fit for a log: the path as requested (but a media signature), and the query string with the value of
 * every sensitive parameter replaced by `[redacted]` (a link with its signature, a sign-in code or
 * an email address would otherwise sit in log files, readable by whoever reads logs).
 */
export function redactUrl(rawUrl: string): string {
  // A signed media path (stream.routes.ts: /media/s/:expiry/:session/:sig/...) carries its signature in the path.
  const url = rawUrl.replace(SIGNED_MEDIA_PATH, '$1[redacted]/');
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is kept as sent; it is matched as it is.
      }
      return equals !== -1 && SENSITIVE.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}
