import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where the server's own files are at run time. This module sits directly in src/, and the build
// (scripts/build-server.mjs) writes every entry point directly in dist/: from either, the parent
// directory is apps/server, so the same relative path works from the sources and from the build.

/** apps/server */
export const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** The committed SQL migrations and drizzle's journal of them. */
export const migrationsFolder = join(serverDir, 'drizzle');
