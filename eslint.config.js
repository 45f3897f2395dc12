import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverBoundaries } from './eslint.boundaries.js';

/** Deliberately broken code that apps/server/src/lint-boundaries.test.ts lints to prove the rules report. */
const boundaryFixtures = 'apps/server/test/lint-boundaries';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/drizzle/**', 'data/**', 'bench/results/**', '**/.artifacts/**', `${boundaryFixtures}/**`] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          tsconfig: { configFile: `${import.meta.dirname}/apps/web/tsconfig.json` },
        }),
      ],
    },
  },
  {
    // An import cycle makes load order matter and hides which layer owns what (type-only imports
    // are exempt: they vanish at run time).
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', `${boundaryFixtures}/**/*.ts`],
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...serverBoundaries('apps/server/src'),
  ...serverBoundaries(`${boundaryFixtures}/src`),
  {
    // Configuration is parsed once (STYLE.md): nothing else reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration from config.ts.' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The viewer's bundle carries no zod and no contract registry (docs/performance.md, first
    // render): types come with `import type`, values from @marquee/contract/client. Lazy sections
    // whose forms validate with the contract's schemas (contact, the operators' console) are listed
    // in `ignores`; tests and the dev-server proxy run in Node.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
      'apps/web/src/config/dev-proxy.ts',
      'apps/web/src/features/contact/**',
      'apps/web/src/features/admin/**',
      'apps/web/src/app/routes/admin/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: ['@marquee/contract', '@marquee/contract/admin', 'zod'].map((name) => ({
            name,
            allowTypeImports: true,
            message: "zod stays out of the viewer's bundle: `import type` for types, @marquee/contract/client for routes and constants.",
          })),
        },
      ],
    },
  },
  {
    // Features do not import each other; routes compose them (STYLE.md).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../*/**', '@/features/*'], message: 'A feature must not import another feature.' }] },
      ],
    },
  },
);
