import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { inThirdPartySection, paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useCategories } from '../hooks/use-categories';

interface CategoryBarProps {
  /** 'header' sits inline in the desktop header; 'mobile' scrolls sideways under the mobile top bar. */
  variant: 'header' | 'mobile';
}

/**
 * Category buttons: choosing one makes it active and shows its home page. The last entry leads
 * into the third-party catalogue; a category leads back out of it.
 */
export function CategoryBar({ variant }: CategoryBarProps) {
  const { categories, activeCategory, setActiveCategory } = useCategories();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const thirdParty = inThirdPartySection(pathname);
  // The active category is what home shows: elsewhere no category is 'the page you are on'.
  const onHome = pathname === paths.home.path;
  const strip = useRef<HTMLUListElement>(null);

  // On a phone the lit pill may sit past the fade at the strip's end: scroll it to the start.
  useEffect(() => {
    const list = strip.current;
    const lit = list?.querySelector('[aria-pressed="true"], [aria-current="page"]');
    if (variant !== 'mobile' || !list || !lit) return;
    const offset = lit.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollTo({ left: list.scrollLeft + offset - parseFloat(getComputedStyle(list).paddingLeft) });
  }, [variant, pathname, activeCategory]);

  // Drawn even before the categories arrive (with the Third-party entry alone), so the strip
  // already has its height and the page under it does not move when they come.
  const choose = (id: string) => {
    setActiveCategory(id);
    if (pathname !== paths.home.path) void navigate(paths.home.href());
  };

  return (
    <ul
      ref={strip}
      className={cn(
        'flex items-center gap-1',
        // The strip scrolls sideways; its right edge fades so a cut-off pill reads as 'more this way',
        // and a spacer at the end (as wide as the fade) lets the last pill scroll clear of it.
        variant === 'mobile' &&
          '-mx-4 overflow-x-auto px-4 pb-1 [scrollbar-width:none] mask-r-from-85% after:block after:w-16 after:shrink-0 after:content-[""]',
      )}
    >
      {categories.map((category) => {
        const active = onHome && category._id === activeCategory;
        return (
          <li key={category._id} className="shrink-0">
            <button
              type="button"
              aria-pressed={active}
              onClick={() => choose(category._id)}
              className={pillClass(active)}
            >
              {category.name}
            </button>
          </li>
        );
      })}
      <li className="shrink-0">
        <Link to={paths.thirdParty.home.href()} aria-current={thirdParty ? 'page' : undefined} className={pillClass(thirdParty)}>
          Third-party
        </Link>
      </li>
    </ul>
  );
}

function pillClass(active: boolean): string {
  return cn(
    'block rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400',
    active ? 'bg-white text-zinc-950' : 'text-zinc-300 hover:bg-white/10 hover:text-white',
  );
}
