import { useState } from 'react';

/** behaviour.md §9: the description preview length. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** A description cut to 100 characters with 'See more' / 'See less'; short ones show in full. */
export function DescriptionPreview({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const long = text.length > DESCRIPTION_PREVIEW_LENGTH;
  const shown = long && !expanded ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH).trimEnd()}…` : text;

  return (
    <p className="max-w-3xl leading-relaxed text-zinc-300">
      <span>{shown}</span>
      {long && (
        <>
          {' '}
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((value) => !value)}
            className="font-semibold text-white underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-amber-400"
          >
            {expanded ? 'See less' : 'See more'}
          </button>
        </>
      )}
    </p>
  );
}
