import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/** In production the server serves this app and the API on one origin; in dev Vite forwards API paths to it. */
const API_ORIGIN = 'http://127.0.0.1:3000';

/**
 * Prefixes answered by the server. `/search/` keeps its slash because `/search` alone is a page,
 * and `/contact` is a regex so that the `/contact-us` page is not forwarded.
 */
const API_PREFIXES = [
  '/user',
  '/movie-name',
  '/series-name',
  '/search/',
  '/all-subscriptions',
  '^/contact(?:$|[/?])',
  '/settings',
  '/auth',
  '/dev-idp',
  '/media',
  '/docs',
  '/healthz',
  '/readyz',
];

const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN }]),
);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { tsconfigPaths: true },
  server: { proxy },
  preview: { proxy },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
});
