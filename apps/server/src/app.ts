import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { consoleApi } from './console-api';
import type { Database } from './db/client';
import { loggerOptions } from './lib/logger';
import { HotMediaFiles } from './storage/hot-media-files';
import { mediaSigningKeys } from './storage/signing-keys';
import { mediaStoreFromConfig } from './storage/store-from-config';
import { createUrlSigner } from './storage/url-signer';
import { authPlugin } from './plugins/auth';
import { compression } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { watchCatalogChanges } from './db/catalog-changes';
import { anonymousMovie, CatalogReadModel, sharedAnswers } from './modules/catalog/read-model.service';
import { errorsPlugin, frameworkErrors } from './plugins/errors';
import { refusingNulValidatorCompiler } from './lib/refuse-nul';
import { createIdentity } from './plugins/identity';
import { keptAnswers } from './plugins/kept-answers';
import { limiterOf, rateLimitPlugin } from './plugins/rate-limit';
import { counterFromConfig, type HitClock } from './plugins/rate-limit-store';
import { requestIdHeader, requestIdOptions } from './plugins/request-id';
import { docsPolicy, securityHeaders } from './plugins/security-headers';
import { accountRoutes } from './modules/account/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { devIdpRoutes } from './modules/auth/dev-idp/dev-idp.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { keptDecisionMs } from './modules/playback/media-access.service';
import { streamRoutes } from './modules/playback/stream.routes';
import { playbackRoutes } from './modules/playback/playback.routes';
import { progressRoutes } from './modules/progress/progress.routes';
import { searchRoutes } from './modules/search/search.routes';
import { anonymousSearch } from './modules/search/search.service';
import { settingsRoutes } from './modules/settings/settings.routes';
import { displaySettingsAnswer } from './modules/settings/settings.service';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { demoPartnerRoutes } from './demo/partner/demo-partner.routes';
import { thirdPartyRoutes } from './modules/third-party/third-party.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { watchlistRoutes } from './modules/watchlist/watchlist.routes';
import { publicFilesRoutes } from './modules/web/public-files.routes';
import { webRoutes } from './modules/web/web.routes';

export interface AppOptions {
  config: Config;
  db: Database;
  /** The rate limits' clock (ms); the database's or Redis's own unless a test moves it. */
  limitClock?: HitClock;
}

/** Builds the whole application without listening, so tests drive it with `inject()`. */
export async function buildApp({ config, db, limitClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config),
    // Only a configured proxy may set the client address through X-Forwarded-For.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Bodies are small JSON documents; uploads are multipart with their own limits.
    bodyLimit: 64 * 1024,
    routerOptions: { maxParamLength: 500 },
    frameworkErrors,
    ...requestIdOptions(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  // First of all: its hook answers a visitor from the read model before any other work.
  await app.register(keptAnswers);
  app.setValidatorCompiler(refusingNulValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart for uploads); anything else is 415.
  app.removeContentTypeParser('text/plain');
  // Before any route, so every answer (the API docs included) goes through it.
  await app.register(compression);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Marquee API', version: '1.0.0', description: 'Video streaming and rental site' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, transformStaticCSP: docsPolicy });

  const store = mediaStoreFromConfig(config);
  await app.register(securityHeaders, {
    googleSignIn: config.auth.provider === 'google',
    paypalCheckout: config.payments.provider === 'paypal',
    mediaOrigins: [...store.origins, ...config.thirdParty.mediaOrigins],
  });
  await app.register(requestIdHeader);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db });
  // The embedded database has no pooler in front that could lose a named statement (docs/operations.md).
  const namedStatements = config.database.kind === 'embedded';
  await app.register(authPlugin, {
    db,
    idleMs: config.auth.sessionIdleMs,
    namedStatements,
    staffNeedsKey: config.auth.staffNeedsKey,
  });
  const counter = counterFromConfig(config, db, limitClock);
  const { loginLimit } = config.auth;
  await app.register(rateLimitPlugin, {
    counter,
    publicWrite: config.publicWriteLimit,
    signIn: { limit: loginLimit.perIp, windowSeconds: loginLimit.windowSeconds },
  });

  const identity = await createIdentity({ config });
  const signer = createUrlSigner({
    keys: await mediaSigningKeys({ configured: config.media.signingKeys, dataDir: config.dataDir }),
    ttlMs: config.media.urlTtlMs,
  });
  const playback = { signer, store };
  mkdirSync(config.privateMediaDir, { recursive: true });
  // reply.sendFile for every module (HTTP Range, ETag, 304), serving nothing by itself.
  await app.register(fastifyStatic, { root: config.privateMediaDir, serve: false });

  // Catalogue answers built once and kept until a change to the catalogue tables is announced.
  const readModel: CatalogReadModel = new CatalogReadModel(() => changes.live);
  const changes = await watchCatalogChanges(db, () => readModel.invalidate(), { redisUrl: config.redisUrl });
  app.addHook('onClose', () => changes.close());

  await app.register(healthRoutes);
  await app.register(catalogRoutes, { playback, readModel });
  await app.register(searchRoutes);
  await app.register(subscriptionsRoutes);
  await app.register(billingRoutes, { payments: config.payments });
  await app.register(contactRoutes);
  const display = { subscriberCount: config.defaultSubscriberCount, supportEmail: config.supportEmail, testMode: config.testMode ?? null, readModel };
  await app.register(settingsRoutes, display);
  await app.register(authRoutes, { config: config.auth, ...identity, limiter: limiterOf(counter) });
  if (identity.devProvider) await app.register(devIdpRoutes, { provider: identity.devProvider, staff: config.auth });
  await app.register(accountRoutes, { storage: store.public });
  const keptMediaDecisionMs = keptDecisionMs({ accelRedirect: config.media.accelRedirect, storage: store.private });
  await app.register(profilesRoutes, { limiter: limiterOf(counter), keptMediaDecisionMs });
  await app.register(watchlistRoutes);
  await app.register(notificationsRoutes);
  await app.register(playbackRoutes, { playback });
  await app.register(progressRoutes);
  await app.register(thirdPartyRoutes);
  await app.register(consoleApi, { config, store });
  if (config.seedDemo) {
    const { ffmpegPath, ffprobePath, cacheDir } = config.media;
    await app.register(demoPartnerRoutes, { clipDir: join(config.dataDir, 'demo-partner'), ffmpegPath, ffprobePath, cacheDir });
  }
  // One memory budget for both media routes: hot trailers and hot full-content packages compete for it.
  const hot = HotMediaFiles.fromBudget(config.media.memoryCacheBytes);
  await app.register(streamRoutes, {
    signer,
    sessionIdleMs: config.auth.sessionIdleMs,
    namedStatements,
    storage: store.private,
    hot,
    accelRedirect: config.media.accelRedirect,
  });
  await app.register(publicFilesRoutes, { root: config.mediaDir, hot });
  const webAnswers = sharedAnswers({ db, playback, readModel });
  await app.register(webRoutes, {
    webDistDir: config.webDistDir,
    answers: {
      ...webAnswers,
      display: () => displaySettingsAnswer(db, display),
      movie: anonymousMovie({ db, playback, readModel }),
      similarMovies: (id) => webAnswers.similar('movie', id),
      search: (term) => anonymousSearch(db, term),
    },
  });
  return app;
}
