/** Fills `:name` parameters of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    // encodeURIComponent leaves '.' alone, and clients collapse a '.' or '..' segment: '/search/..' became '/'.
    return encodeURIComponent(value).replace(/^\.{1,2}$/, (dots) => '%2E'.repeat(dots.length));
  });
}
