import type { CastMember } from '@marquee/contract';

export function CastList({ cast }: { cast: CastMember[] }) {
  if (cast.length === 0) return null;
  return (
    <section aria-labelledby="cast-heading" className="space-y-3">
      <h2 id="cast-heading" className="text-lg font-semibold text-white">
        Cast
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-6">
        {cast.map((member) => (
          <li key={member._id} className="w-24 shrink-0 text-center">
            <img
              src={member.image}
              alt={member.name}
              loading="lazy"
              className="mx-auto size-20 rounded-full bg-zinc-800 object-cover ring-1 ring-white/10"
            />
            <p className="mt-2 truncate text-sm font-medium text-zinc-100">{member.name}</p>
            <p className="truncate text-xs text-zinc-400">{member.role}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
