/**
 * Language codes as HLS (RFC 8216 LANGUAGE) and browsers use them: BCP 47 primary language
 * subtags ("en", "fr", "pt"). Plain functions over Intl, so the browser can use them without zod.
 */

const englishNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/** "en" → true; "xx", "english", "en-US" → false: a two- or three-letter code Intl knows by name. */
export function isLanguageCode(code: string): boolean {
  if (!/^[a-z]{2,3}$/.test(code) || code === 'und') return false;
  try {
    return englishNames.of(code) !== undefined && Intl.getCanonicalLocales(code)[0] === code;
  } catch {
    return false;
  }
}

/** The language's name in itself, capitalised: "English", "Français", "Español"; the code when unknown. */
export function languageName(code: string): string {
  if (!isLanguageCode(code)) return code;
  const name = new Intl.DisplayNames([code], { type: 'language', fallback: 'none' }).of(code) ?? englishNames.of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}
