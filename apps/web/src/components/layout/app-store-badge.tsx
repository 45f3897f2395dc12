import { paths } from '@/config/paths';

/** An 'available on the App Store' badge drawn inline (no external assets); behaviour.md §2 leaves its target empty. */
export function AppStoreBadge() {
  return (
    <a
      href={paths.appStore.href()}
      aria-label="Download on the App Store"
      className="inline-block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
    >
      <svg aria-hidden="true" viewBox="0 0 120 40" className="h-10 w-auto">
        <rect width="120" height="40" rx="7" fill="#000" stroke="#a6a6a6" />
        <path
          fill="#fff"
          d="M24.8 20.3c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.2-2.8.9-3.5.9s-1.8-.8-3-.8c-1.6 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.8zM22.5 13.5c.6-.8 1.1-1.9 1-3-.9 0-2.1.6-2.8 1.4-.6.7-1.2 1.9-1 2.9 1.1.1 2.1-.5 2.8-1.3z"
        />
        <text x="36" y="16" fill="#fff" fontSize="7" fontFamily="system-ui, sans-serif">
          Download on the
        </text>
        <text x="36" y="29" fill="#fff" fontSize="13" fontWeight="600" fontFamily="system-ui, sans-serif">
          App Store
        </text>
      </svg>
    </a>
  );
}
