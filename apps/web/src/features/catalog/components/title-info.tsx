import type { Genre, TitleAccess } from '@marquee/contract';
import type { ReactNode } from 'react';
import { AccessBadge } from '@/components/ui/access-badge';
import { formatAgeLimit, formatDuration } from '../utils/format';
import { DescriptionPreview } from './description-preview';
import { RatingStars } from './rating-stars';

interface TitleInfoProps {
  name: string;
  genres: Genre[];
  duration: number;
  language: string;
  ageLimit: number;
  description: string;
  /** Movies only (behaviour.md §2). */
  releaseYear?: number | null;
  rating?: number | null;
  /** Extra facts, e.g. '8 episodes'. */
  extraFacts?: string[];
  /** The viewer's access, as the server decided it (badge beside the facts). */
  access?: TitleAccess;
  actions?: ReactNode;
}

/** Name, facts, rating, description and actions of a movie or series page. */
export function TitleInfo(props: TitleInfoProps) {
  const facts = [
    formatDuration(props.duration),
    props.language,
    props.releaseYear ? String(props.releaseYear) : '',
    ...(props.extraFacts ?? []),
  ].filter(Boolean);

  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{props.name}</h1>
      {/* Each fact carries its own bullet; a fact that wraps to the start of a line has its bullet
          clipped by the outer box, so no line begins with a stray '•'. */}
      <div className="overflow-hidden">
        <div className="-ml-[1em] flex flex-wrap items-center gap-x-2 gap-y-2 text-sm text-zinc-300">
          <span className="flex items-center gap-3 pl-[1em]">
            <AccessBadge access={props.access} className="text-xs" />
            <span className="rounded border border-zinc-500 px-1.5 py-0.5 text-xs font-semibold text-zinc-200">
              <span className="sr-only">Age limit </span>
              {formatAgeLimit(props.ageLimit)}
            </span>
          </span>
          {facts.map((fact) => (
            <span key={fact} className="whitespace-nowrap before:inline-block before:w-[1em] before:text-center before:text-zinc-500 before:content-['•']">
              {fact}
            </span>
          ))}
        </div>
      </div>
      {props.genres.length > 0 && (
        <ul aria-label="Genres" className="flex flex-wrap gap-2">
          {props.genres.map((genre) => (
            <li key={genre._id} className="rounded-full bg-white/10 px-3 py-1 text-xs font-medium text-zinc-200">
              {genre.name}
            </li>
          ))}
        </ul>
      )}
      {props.rating !== undefined && props.rating !== null && <RatingStars rating={props.rating} />}
      {props.description && <DescriptionPreview text={props.description} />}
      {props.actions && <div className="flex flex-wrap items-start gap-3 pt-2 empty:hidden">{props.actions}</div>}
    </div>
  );
}
