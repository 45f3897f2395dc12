import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { AppStoreBadge } from './app-store-badge';

const LINKS = [
  { to: paths.about.href(), label: 'About' },
  { to: paths.terms.href(), label: 'Terms of Service' },
  { to: paths.privacy.href(), label: 'Privacy Policy' },
  { to: paths.refund.href(), label: 'Refund' },
  { to: paths.contact.href(), label: 'Contact Us' },
] as const;

const YEAR = new Date().getFullYear();

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-white/5 bg-zinc-950">
      <div className="mx-auto flex max-w-[1920px] flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-10">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-sm text-zinc-400 transition hover:text-white focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AppStoreBadge />
      </div>
      <p className="mx-auto max-w-[1920px] px-4 pb-8 text-xs text-zinc-400 sm:px-6 lg:px-10">
        © {YEAR} {site.name}. All rights reserved.
      </p>
    </footer>
  );
}
