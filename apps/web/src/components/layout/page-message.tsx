import type { ReactNode } from 'react';

/** A centred message filling a page: not found, empty lists, friendly errors. */
export function PageMessage({ title, children, headingLevel = 1 }: { title: string; children?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="flex min-h-[40vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <Heading className="text-2xl font-semibold text-white">{title}</Heading>
      {children && <div className="max-w-md text-zinc-400">{children}</div>}
    </div>
  );
}
