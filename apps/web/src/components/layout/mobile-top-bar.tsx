import type { ReactNode } from 'react';
import { Logo } from './logo';

interface MobileTopBarProps {
  logoHref: string;
  categories: ReactNode;
  /** Search button and account link; left out in third-party mode. */
  actions?: ReactNode;
}

/** The top bar below the md breakpoint: logo, actions, and the category buttons underneath. */
export function MobileTopBar({ logoHref, categories, actions }: MobileTopBarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-white/5 bg-zinc-950/90 px-4 pt-3 pb-2 backdrop-blur-md md:hidden">
      <div className="flex items-center justify-between gap-3">
        <Logo to={logoHref} />
        {actions && <div className="flex items-center gap-1">{actions}</div>}
      </div>
      <nav aria-label="Categories" className="mt-2">
        {categories}
      </nav>
    </header>
  );
}
