import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint configuration is the only thing keeping the server's layers apart: prove each rule
// reports by linting deliberately broken code (apps/server/test/lint-boundaries) with it. Each
// offending line there ends with `// VIOLATION <rule>`.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const fixtures = join(repoRoot, 'apps/server/test/lint-boundaries/src');

describe('server boundary lint rules (eslint.boundaries.js)', () => {
  it('report each marked violation, and nothing else', async () => {
    // ignore: false, because `npm run lint` skips the fixtures on purpose.
    const results = await new ESLint({ cwd: repoRoot, ignore: false }).lintFiles([fixtures]);
    const reported = results
      .flatMap((result) => result.messages.map((m) => `${relative(fixtures, result.filePath)}:${m.line} ${m.ruleId ?? m.message}`))
      .sort();

    expect(reported).toEqual(await markedViolations());
    // The three the issue names, spelled out.
    expect(reported).toContain('modules/catalog/catalog.service.ts:1 import-x/no-cycle');
    expect(reported).toContain('modules/progress/progress.repository.ts:1 import-x/no-restricted-paths');
    expect(reported).toContain('modules/contact/contact.service.ts:1 @typescript-eslint/no-restricted-imports');
  });
});

async function markedViolations(): Promise<string[]> {
  const files = (await readdir(fixtures, { recursive: true })).filter((file) => file.endsWith('.ts'));
  const marked: string[] = [];
  for (const file of files) {
    const lines = (await readFile(join(fixtures, file), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      const match = /\/\/ VIOLATION (\S+)/.exec(line);
      if (match) marked.push(`${file}:${index + 1} ${match[1]}`);
    });
  }
  return marked.sort();
}
