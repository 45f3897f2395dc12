import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { retryingPageLoad } from '../page-loader';
import { RouteError } from './route-error';

const nothing = <p>never shown</p>;

describe('the router error screen', () => {
  it("is titled 'Unexpected Application Error!' when a page fails", async () => {
    renderWithProviders(nothing, {
      path: '/broken',
      wrap: (route) => ({
        ...route,
        ErrorBoundary: RouteError,
        HydrateFallback: () => null,
        loader: () => {
          throw new Error('Cannot read properties of undefined');
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
  });

  it("says in words that a page's code could not be loaded, once the one reload has been tried", async () => {
    // The reload already happened (page-loader.ts); this page load failed again.
    sessionStorage.setItem('marquee:page-reloaded-for-code', '1');
    renderWithProviders(nothing, {
      path: '/refund',
      wrap: ({ path }) => ({
        path,
        ErrorBoundary: RouteError,
        HydrateFallback: () => null,
        lazy: retryingPageLoad(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/refund-x.js'))),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't load this page" })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded. Check your connection and try again.');
    expect(screen.getByRole('alert')).not.toHaveTextContent(/dynamically imported module/);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    // The mark stays until a page loads, so a reload by hand shows this at once instead of reloading again.
    expect(sessionStorage.getItem('marquee:page-reloaded-for-code')).toBe('1');
  });
});
