import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRoutes } from '@/app/router';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

interface Entry {
  path: string;
  state?: unknown;
}

/** The whole app (real routes and layout) at a path (with query and fragment), on a memory router. */
export function renderApp(entry: string | Entry) {
  const { path, state } = typeof entry === 'string' ? { path: entry, state: undefined } : entry;
  const url = new URL(path, 'http://localhost');
  const queryClient = testQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [{ pathname: url.pathname, search: url.search, hash: url.hash, state }] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/** One element under a router and a query client, with extra routes to land on; `wrap` adds to its route. */
export function renderWithProviders(
  ui: ReactElement,
  options: { path?: string; extraRoutes?: RouteObject[]; wrap?: (route: RouteObject) => RouteObject } = {},
) {
  const path = options.path ?? '/';
  const route: RouteObject = { path, element: ui };
  const router = createMemoryRouter([options.wrap ? options.wrap(route) : route, ...(options.extraRoutes ?? [])], { initialEntries: [path] });
  const queryClient = testQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
