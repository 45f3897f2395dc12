// The server's layering, as lint rules (STYLE.md: thin routes, services with rules, repositories
// alone query; modules talk through services). eslint.config.js applies them to apps/server/src,
// and to the fixtures of apps/server/src/lint-boundaries.test.ts, which proves each rule reports.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = import.meta.dirname;

/** Files the rules judge: the code, not its tests (tests set up and inspect state directly). */
const testFiles = ['**/*.test.ts', '**/*.test-support.ts'];

/**
 * The boundary rules for one server source tree (`src` relative to the repository root). Modules
 * are found by listing `src/modules`, so a new module is covered without touching this file.
 */
export function serverBoundaries(src) {
  const at = (glob) => join(src, glob);
  const modules = readdirSync(join(repoRoot, src, 'modules'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    {
      files: [at('**/*.ts')],
      ignores: testFiles,
      rules: {
        'import-x/no-restricted-paths': [
          'error',
          {
            basePath: repoRoot,
            zones: [
              ...modules.map((name) => ({
                target: at(`modules/${name}/**`),
                from: at('modules/*/**'),
                except: [`**/modules/${name}/**`, '**/*.service.ts'],
                message: 'A module reaches another module only through its service (*.service.ts).',
              })),
              {
                target: [at('*.ts'), at('!(modules)/**')],
                from: at('modules/**/*.repository.ts'),
                message: "Outside its module, a repository is reached through the module's service.",
              },
              {
                target: at('modules/**/*.routes.ts'),
                from: at('modules/**/*.repository.ts'),
                message: 'Routes call services; only services (and jobs) call repositories.',
              },
              {
                target: at('!(demo)/**'),
                from: at('demo/**'),
                message: 'Product code does not depend on the demo: app.ts, server.ts and workers.ts wire it in.',
              },
              {
                target: at('demo/**'),
                from: at('modules/**'),
                except: ['**/*.service.ts'],
                message: 'The demo reaches a module only through its service (*.service.ts).',
              },
            ],
          },
        ],
      },
    },
    {
      // Only repositories (and db/ itself) build queries; everyone else may name the types.
      files: [at('**/*.ts')],
      ignores: [...testFiles, at('**/*.repository.ts'), at('db/**')],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/db/schema', '**/db/schema/*'],
                allowTypeImports: true,
                message: 'Only repositories (and db/) query the database: move the query into a *.repository.ts.',
              },
            ],
          },
        ],
      },
    },
  ];
}
