/** Every URL the app links to. `path` is the router pattern, `href()` builds a link. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: () => '/login' },
  search: { path: '/search', href: () => '/search' },
  movie: { path: '/movie/:id', href: (slug: string) => `/movie/${encodeURIComponent(slug)}` },
  series: {
    path: '/series/:id',
    /** With an episode id, the page opens on that episode (`?episode=`). */
    href: (slug: string, episodeId?: string) => `/series/${encodeURIComponent(slug)}${episodeId ? `?episode=${encodeURIComponent(episodeId)}` : ''}`,
  },
  thirdParty: {
    home: { path: '/third-party', href: () => '/third-party' },
    title: { path: '/third-party/:id', href: (slug: string) => `/third-party/${encodeURIComponent(slug)}` },
  },
  watchlist: { path: '/watchlist', href: () => '/watchlist' },
  viewAll: { path: '/view-all/:id', href: (rowName: string) => `/view-all/${encodeURIComponent(rowName)}` },
  subscriptions: { path: '/subscriptions', href: () => '/subscriptions' },
  success: { path: '/success', href: () => '/success' },
  myAccount: { path: '/my-account', href: () => '/my-account' },
  whoIsWatching: { path: '/who-is-watching', href: () => '/who-is-watching' },
  profiles: { path: '/profiles', href: () => '/profiles' },
  rented: { path: '/my-account/rented', href: () => '/my-account/rented' },
  terms: { path: '/termsandconditions', href: () => '/termsandconditions' },
  privacy: { path: '/privacyPolicy', href: () => '/privacyPolicy' },
  about: { path: '/about-us', href: () => '/about-us' },
  refund: { path: '/refund', href: () => '/refund' },
  contact: { path: '/contact-us', href: () => '/contact-us' },
  /** behaviour.md §2: the app-store badge has an empty target until the app is published. */
  appStore: { href: () => '#' },
} as const;

/** behaviour.md §2 'third-party mode': the header and mobile top bar change on the third-party pages. */
export function inThirdPartySection(pathname: string): boolean {
  return pathname === paths.thirdParty.home.path || pathname.startsWith(`${paths.thirdParty.home.path}/`);
}
