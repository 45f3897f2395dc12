/** An ILIKE pattern for "contains the text", with `%`, `_` and `\` in what was typed matched literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
