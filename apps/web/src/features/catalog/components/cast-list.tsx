import type { CastMember } from '@marquee/contract';

/** The cast's portraits with names and roles; a long name or role wraps to a second line rather than being cut. */
export function CastList({ cast }: { cast: CastMember[] }) {
  if (cast.length === 0) return null;
  return (
    <section aria-labelledby="cast-heading" className="space-y-3">
      <h2 id="cast-heading" className="text-lg font-semibold text-white">
        Cast
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-6">
        {cast.map((member) => (
          <li key={member._id} className="w-28 shrink-0 text-center">
            <img
              src={member.image}
              alt={member.name}
              loading="lazy"
              className="mx-auto size-24 rounded-full bg-zinc-800 object-cover ring-1 ring-white/10"
            />
            <p className="mt-2 line-clamp-2 text-sm leading-snug font-medium break-words text-zinc-100">{member.name}</p>
            <p className="mt-0.5 line-clamp-2 text-xs leading-snug break-words text-zinc-400">{member.role}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
