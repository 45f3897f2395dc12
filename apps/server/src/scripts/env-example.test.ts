import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { loadConfig } from '../config';
import { documentedVariables, envExample, envExamplePath, settableVariables } from './env-example';

it('.env.example is what the configuration schema and its documentation make (npm run env:example)', () => {
  expect(readFileSync(envExamplePath, 'utf8'), 'run `npm run env:example` and commit .env.example').toBe(envExample());
});

it('every variable the schema reads is documented, and every documented one is read', () => {
  const read = settableVariables().map((v) => v.name).sort();
  const documented = [...documentedVariables().keys()].filter((name) => name !== 'PLAYBACK_URL_TTL_HOURS').sort();
  expect(documented).toEqual(read);
});

it('the file, used as a .env as it is, starts the site on its defaults', () => {
  const lines = readFileSync(envExamplePath, 'utf8').split('\n').filter((line) => line.startsWith('# ') && /^# [A-Z0-9_]+=/.test(line));
  expect(lines.length).toBe(settableVariables().length);
  // Uncommented, each value given is the default: the parsed configuration is the same either way.
  const env = Object.fromEntries(lines.map((line) => line.slice(2).split(/=(.*)/s).slice(0, 2)).filter(([, value]) => value !== ''));
  expect(loadConfig(env)).toEqual(loadConfig({}));
});
