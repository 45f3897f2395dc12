import { useEffect, useState } from 'react';

/**
 * A chosen image shown at once while it uploads: `show(file)` gives its object URL, `clear()`
 * drops it (once the server's version is there, or on a refusal). Each URL is revoked when it is
 * replaced or the component goes away.
 */
export function useFilePreview() {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);
  return {
    preview,
    show: (file: File) => setPreview(URL.createObjectURL(file)),
    clear: () => setPreview(null),
  };
}
