import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { MediaStore } from './storage/storage';
import { adminLayoutRoutes } from './modules/admin-catalog/layout.routes';
import { adminMarkerRoutes } from './modules/admin-catalog/markers.routes';
import { adminSubtitleRoutes } from './modules/admin-catalog/subtitles.routes';
import { adminPlanRoutes } from './modules/admin-catalog/plans.routes';
import { adminTitleRoutes } from './modules/admin-catalog/titles.routes';
import { supportContactRoutes } from './modules/admin-support/contact-inbox.routes';
import { supportNotificationRoutes } from './modules/admin-support/notification-sends.routes';
import { adminFeedRoutes } from './modules/admin-ops/feeds.routes';
import { adminJobRoutes } from './modules/admin-ops/jobs.routes';
import { supportPaymentRoutes } from './modules/admin-support/payments.routes';
import { supportViewerRoutes } from './modules/admin-support/viewers.routes';
import { staffRoutes } from './modules/admin-staff/staff.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { uploadStoreFromConfig } from './modules/uploads/upload-store';
import { videoRoutes } from './modules/uploads/media.routes';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { mediaToolsOnce } from './transcoding/ffmpeg-binaries';

export interface ConsoleApiOptions {
  config: Config;
  store: MediaStore;
}

/**
 * Every area of the operators' console API (/admin/api/...). Each call is declared in the contract
 * (`@marquee/contract/admin`) with the roles that may make it, and route() checks them first.
 */
export async function consoleApi(app: FastifyInstance, options: ConsoleApiOptions): Promise<void> {
  const { config, store } = options;
  await app.register(staffRoutes, { adminEmails: config.auth.adminEmails });
  await app.register(auditRoutes);
  await app.register(adminTitleRoutes, { store });
  await app.register(adminLayoutRoutes);
  await app.register(adminMarkerRoutes);
  await app.register(adminSubtitleRoutes, { store });
  await app.register(supportViewerRoutes, { idleMs: config.auth.sessionIdleMs });
  await app.register(supportPaymentRoutes, { payments: config.payments, idleMs: config.auth.sessionIdleMs });
  await app.register(supportNotificationRoutes);
  await app.register(supportContactRoutes);
  const media = { db: app.db, store, uploads: uploadStoreFromConfig(config), tools: mediaToolsOnce(config.media) };
  await app.register(uploadRoutes, { ...media, maxBytes: config.media.uploadMaxBytes });
  await app.register(videoRoutes, media);
  await app.register(adminJobRoutes);
  await app.register(adminFeedRoutes, { feeds: config.thirdParty.feeds });
  await app.register(adminPlanRoutes, { defaults: { subscriberCount: config.defaultSubscriberCount, supportEmail: config.supportEmail } });
}
