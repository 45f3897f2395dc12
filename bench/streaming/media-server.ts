import { randomUUID } from 'node:crypto';
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@marquee/server/src/app';
import type { Database } from '@marquee/server/src/db/client';
import { profiles, sessions, users } from '@marquee/server/src/db/schema';
import { encodeHolder } from '@marquee/server/src/modules/playback/link-holder';
import { mediaSigningKeys } from '@marquee/server/src/storage/signing-keys';
import { createUrlSigner } from '@marquee/server/src/storage/url-signer';
import { openBenchDatabase } from '../lib/bench-database';

export interface ServedPackage {
  /** Where the package's files are under the public route: `/media/videos/<id>`. */
  publicPrefix: string;
  /** The same files under a valid signature: `/media/s/<expiry>/<viewer>/<sig>/<id>`. */
  signedPrefix: string;
  /**
   * The same again under a signed-in viewer's link (`<session>.r7`, a free title rated 7+): each
   * request reads the session and its account's profiles, a grown-up one chosen and a kids one.
   */
  signedInPrefix: string;
}

export interface MediaServer {
  origin: string;
  /** The served copies, in the order the directories were given. */
  packages: ServedPackage[];
  /** The app's public media directory (DATA_DIR/media), for another server to serve the same files. */
  mediaDir: string;
  /** DATA_DIR/private-media, where the signed route's files are (for nginx's offload location). */
  privateMediaDir: string;
  label: string;
  close(): Promise<void>;
}

export interface StartMediaServerOptions {
  /** Package directories to copy into the app's public and private media areas, one asset each. */
  packageDirs: string[];
  /** Routes the benchmark adds to the same Fastify instance before it listens. */
  addRoutes?: (app: FastifyInstance) => void;
  /** MEDIA_ACCEL_REDIRECT: signed requests are answered with X-Accel-Redirect for nginx to send. */
  accelRedirect?: string;
}

/**
 * The real app (buildApp, a fresh bench database) listening on 127.0.0.1, with each package copied
 * where a published trailer lives (public, `/media/videos/…`) and where full content lives (private,
 * served only under a signature): the same bytes behind both routes, so they can be compared.
 */
export async function startMediaServer(options: StartMediaServerOptions): Promise<MediaServer> {
  const database = await openBenchDatabase();
  let app: FastifyInstance | undefined;
  try {
    const config = { ...database.config, media: { ...database.config.media, accelRedirect: options.accelRedirect } };
    const assetIds = options.packageDirs.map(() => randomUUID());
    for (const [i, dir] of options.packageDirs.entries()) {
      await cp(dir, join(config.mediaDir, 'videos', assetIds[i]!), { recursive: true });
      await cp(dir, join(config.privateMediaDir, 'videos', assetIds[i]!), { recursive: true });
    }
    app = await buildApp({ config, db: database.handle.db });
    options.addRoutes?.(app);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    // The app made (or read) the signing key while building; a signer over the same keys signs as the
    // catalogue does. Anonymous links (a free title signed out) need no session in the database.
    const signer = createUrlSigner({
      keys: await mediaSigningKeys({ configured: config.media.signingKeys, dataDir: config.dataDir }),
      ttlMs: config.media.urlTtlMs,
    });
    const running = app;
    const session = encodeHolder({ kind: 'session', sessionId: await benchViewer(database.handle.db), rating: 7 });
    return {
      origin,
      mediaDir: config.mediaDir,
      privateMediaDir: config.privateMediaDir,
      label: database.label,
      packages: assetIds.map((assetId) => ({
        publicPrefix: `/media/videos/${assetId}`,
        signedPrefix: signer.prefix({ assetId, session: 'anonymous' }),
        signedInPrefix: signer.prefix({ assetId, session }),
      })),
      async close() {
        await running.close();
        await database.close();
      },
    };
  } catch (error) {
    await app?.close();
    await database.close();
    throw error;
  }
}

/** A signed-in household: an account with a grown-up profile (the session's) and a kids one. */
async function benchViewer(db: Database): Promise<string> {
  const [user] = await db.insert(users).values({ issuer: 'bench', subject: randomUUID(), email: 'bench@example.com', name: 'Bench' }).returning({ id: users.id });
  const [grownUp] = await db.insert(profiles).values([{ userId: user!.id, name: 'Bench' }, { userId: user!.id, name: 'Kid', isKids: true }]).returning({ id: profiles.id });
  const [session] = await db
    .insert(sessions)
    .values({ userId: user!.id, profileId: grownUp!.id, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: sessions.id });
  return session!.id;
}
