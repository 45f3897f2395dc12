#!/usr/bin/env node
// Renders marquee.conf.template with the MARQUEE_* variables of the environment, refusing when
// one is missing (envsubst would leave it empty and nginx would fail later, less clearly).
// Lines between "#> if NAME" and "#> end" are kept only when NAME is set: the template's two ways
// of serving full-content media (a shared directory, or the bucket through nginx's cache), one of
// which must be chosen.
// Usage: MARQUEE_LISTEN=80 ... node deploy/nginx/render.mjs > /etc/nginx/sites-enabled/marquee.conf
import { readFileSync } from 'node:fs';

const MEDIA_SOURCES = ['MARQUEE_PRIVATE_MEDIA_DIR', 'MARQUEE_BUCKET_ORIGIN'];

export function renderNginxConfig(values) {
  const isSet = (name) => values[name] !== undefined && values[name] !== '';
  const chosen = MEDIA_SOURCES.filter(isSet);
  if (chosen.length !== 1) throw new Error(`set one of ${MEDIA_SOURCES.join(' (media on a shared disk) or ')} (media in S3)${chosen.length > 1 ? ', not both' : ''}`);
  const template = readFileSync(new URL('./marquee.conf.template', import.meta.url), 'utf8');
  const kept = [];
  let condition;
  for (const line of template.split('\n')) {
    const block = /^\s*#> (?:if (MARQUEE_[A-Z_]+)|(end))\s*$/.exec(line);
    if (block) {
      condition = block[1];
      continue;
    }
    if (condition === undefined || isSet(condition)) kept.push(line);
  }
  // Comments name the variables too; only the lines nginx reads are rendered.
  return kept.join('\n').replace(/^(?!\s*#)(.*)$/gm, (line) =>
    line.replace(/\$\{(MARQUEE_[A-Z_]+)\}/g, (_, name) => {
      if (!isSet(name)) throw new Error(`${name} is not set`);
      return values[name];
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    process.stdout.write(renderNginxConfig(process.env));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
