import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { HomeSkeleton } from '@/features/catalog/components/home-skeleton';
import { TitleSkeleton } from '@/features/catalog/components/title-skeleton';
import { SearchSkeleton } from '@/features/search/components/search-skeleton';
import { RequireSession } from './layout/require-session';
import { retryingPageLoad } from './page-loader';
import { prefetch, type Prefetch } from './route-data';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

type RouteModule = { Component: ComponentType };

/**
 * The app's routes. Every page is its own chunk, fetched again (or the page reloaded) when its
 * download fails. The static `HydrateFallback` lets the layout draw at once on the first load
 * while the page's chunk is still on its way. A page with data has a static loader (never one in
 * the chunk: React Router runs a static loader alongside `lazy`, a lazy one only after it) that
 * starts the page's calls in `queryClient` (route-data.ts).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  function page(path: string | undefined, load: () => Promise<RouteModule>, data?: Prefetch, fallback: ComponentType = PageSpinner): RouteObject {
    const loader: LoaderFunction | undefined = data
      ? (args) => {
          data(queryClient, args);
          return null;
        }
      : undefined;
    const route = { lazy: retryingPageLoad(load), HydrateFallback: fallback, loader };
    return path === undefined ? { index: true, ...route } : { path, ...route };
  }

  return [
    {
      // The operator console: its own frame and pages (app/routes/admin), loaded only when opened.
      path: '/admin/*',
      lazy: retryingPageLoad(() => import('./routes/admin/console')),
      HydrateFallback: PageSpinner,
      ErrorBoundary: RouteError,
    },
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      children: [
        {
          // A page that fails keeps the header and footer around the error screen.
          ErrorBoundary: RouteError,
          children: [
            page(undefined, () => import('./routes/home'), prefetch.home, HomeSkeleton),
            page(paths.login.path, () => import('./routes/login')),
            page(paths.search.path, () => import('./routes/search'), prefetch.search, SearchSkeleton),
            page(paths.movie.path, () => import('./routes/movie'), prefetch.movie, TitleSkeleton),
            page(paths.series.path, () => import('./routes/series'), prefetch.series, TitleSkeleton),
            page(paths.thirdParty.home.path, () => import('./routes/third-party'), prefetch.thirdPartyHome),
            page(paths.thirdParty.title.path, () => import('./routes/third-party-title'), prefetch.thirdPartyTitle, TitleSkeleton),
            page(paths.viewAll.path, () => import('./routes/view-all')),
            page(paths.subscriptions.path, () => import('./routes/subscriptions'), prefetch.subscriptions),
            page(paths.success.path, () => import('./routes/success')),
            {
              Component: RequireSession,
              children: [
                page(paths.watchlist.path, () => import('./routes/watchlist'), prefetch.watchlist),
                page(paths.myAccount.path, () => import('./routes/my-account')),
                page(paths.whoIsWatching.path, () => import('./routes/who-is-watching')),
                page(paths.profiles.path, () => import('./routes/profiles')),
                page(paths.rented.path, () => import('./routes/rented'), prefetch.rented),
              ],
            },
            page(paths.terms.path, () => import('./routes/terms')),
            page(paths.privacy.path, () => import('./routes/privacy')),
            page(paths.about.path, () => import('./routes/about')),
            page(paths.refund.path, () => import('./routes/refund')),
            page(paths.contact.path, () => import('./routes/contact')),
            page('*', () => import('./routes/not-found')),
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
