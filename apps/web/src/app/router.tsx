import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireSession } from './layout/require-session';
import { retryingPageLoad } from './page-loader';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';

type RouteModule = { Component: ComponentType };

/**
 * Every page is its own chunk, fetched again (or the page reloaded) when its download fails. The
 * static `HydrateFallback` lets the layout draw at once on the first load while the page's chunk
 * is still on its way.
 */
function page(path: string | undefined, load: () => Promise<RouteModule>): RouteObject {
  const route = { lazy: retryingPageLoad(load), HydrateFallback: PageSpinner };
  return path === undefined ? { index: true, ...route } : { path, ...route };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // A page that fails keeps the header and footer around the error screen.
        ErrorBoundary: RouteError,
        children: [
          page(undefined, () => import('./routes/home')),
          page(paths.login.path, () => import('./routes/login')),
          page(paths.search.path, () => import('./routes/search')),
          page(paths.movie.path, () => import('./routes/movie')),
          page(paths.series.path, () => import('./routes/series')),
          page(paths.thirdParty.home.path, () => import('./routes/third-party')),
          page(paths.thirdParty.title.path, () => import('./routes/third-party-title')),
          page(paths.viewAll.path, () => import('./routes/view-all')),
          page(paths.subscriptions.path, () => import('./routes/subscriptions')),
          page(paths.success.path, () => import('./routes/success')),
          {
            Component: RequireSession,
            children: [
              page(paths.watchlist.path, () => import('./routes/watchlist')),
              page(paths.myAccount.path, () => import('./routes/my-account')),
              page(paths.rented.path, () => import('./routes/rented')),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
