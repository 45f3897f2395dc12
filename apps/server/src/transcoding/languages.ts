import { isLanguageCode } from '@marquee/contract';

/**
 * A container's language tag as HLS wants it: MP4 and Matroska store ISO 639-2 ("eng", "fre",
 * "ger"), HLS and browsers speak BCP 47 ("en", "fr", "de"). Intl's canonical form maps one to the
 * other; a tag it cannot read, or none, is "und" (undetermined), as in the containers themselves.
 */
export function languageTag(raw: string | undefined): string {
  const tag = raw?.trim().toLowerCase();
  if (!tag || tag === 'und') return 'und';
  try {
    const canonical = Intl.getCanonicalLocales(tag)[0]?.split('-')[0];
    return canonical && isLanguageCode(canonical) ? canonical : 'und';
  } catch {
    return 'und';
  }
}
