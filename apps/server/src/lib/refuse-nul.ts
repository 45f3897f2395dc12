import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Text PostgreSQL cannot store: NUL (in text or jsonb) and lone UTF-16 surrogates (a JSON body may
 * spell one as "\udc00"; jsonb refuses it, so an audit entry or a stored event would fail as a 500).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The path of the first string or object key in `value` that holds text PostgreSQL cannot store,
 * or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function nulPath(value: unknown): (string | number)[] | null {
  // Each entry links to its parent, so a path is built only for the value that is refused.
  interface Entry {
    value: unknown;
    key?: string | number;
    parent?: Entry;
  }
  const pathOf = (entry: Entry | undefined, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = entry; at?.key !== undefined; at = at.parent) path.unshift(at.key);
    return path;
  };
  const pending: Entry[] = [{ value }];
  while (pending.length > 0) {
    const entry = pending.pop()!;
    const item = entry.value;
    if (typeof item === 'string') {
      if (unstorable(item)) return pathOf(entry);
    } else if (Array.isArray(item)) {
      item.forEach((element, i) => pending.push({ value: element, key: i, parent: entry }));
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      // Uploaded files arrive as Buffers: their bytes are the file's, not text.
      for (const [key, element] of Object.entries(item)) {
        if (unstorable(key)) return pathOf(entry, key);
        pending.push({ value: element, key, parent: entry });
      }
    }
  }
  return null;
}

const refusalAt = (path: (string | number)[]) =>
  z.unknown().superRefine((_, ctx) => {
    ctx.addIssue({ code: 'custom', path, message: 'must not contain NUL characters or unpaired surrogates' });
  });

/**
 * The zod validator every route's parameters, query and body go through, refusing NUL characters
 * and unpaired surrogates anywhere in them first: one place, so no route has to remember it. The refusal has the shape of
 * any other validation error (400, naming the field).
 */
export const refusingNulValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const at = nulPath(data);
    return at ? validatorCompiler({ ...route, schema: refusalAt(at) })(data) : validate(data);
  };
};
