import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { precompress } from './build/precompress';
import { tsImport } from 'tsx/esm/api';
import type * as DevProxy from './src/config/dev-proxy.ts';

/** In production the server serves this app and the API on one origin; in dev Vite forwards API paths to it. */
const API_ORIGIN = 'http://127.0.0.1:3000';

// Loaded through tsx because the contract is TypeScript source, which Node cannot import by itself.
const devProxy: typeof DevProxy = await tsImport('./src/config/dev-proxy.ts', import.meta.url);
const proxy: Record<string, ProxyOptions> = { [devProxy.apiPathPattern()]: { target: API_ORIGIN } };

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { tsconfigPaths: true },
  server: { proxy },
  preview: { proxy },
  // The manifest tells the server which files the home page's code is, to preload them with `/`.
  // hls.js's full build (alternate audio, subtitle renditions) is one 580 kB chunk, loaded only by the player.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Everything the first render runs (React, the router, the layout, the query cache) in one
        // file beside the entry, instead of fifteen small shared chunks the pages also import: each
        // is a request of its own on the critical path (six at a time over HTTP/1.1).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
});
