import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { MediaStore } from '../../storage/storage';
import * as account from './account.service';
import { acceptFormData } from '../../plugins/form-data';

export async function accountRoutes(app: FastifyInstance, options: { storage: MediaStore['public'] }): Promise<void> {
  await acceptFormData(app);
  route(app, api.profile, ({ viewer }) => account.getProfile(app.db, viewer.user));
  route(app, api.updateProfile, ({ viewer, body }) => account.updateProfile(app.db, { viewer: viewer.user, update: body }));
  route(app, api.updateImage, ({ viewer, request }) => {
    const image = (request.body as { image?: unknown } | undefined)?.image;
    return account.replaceAvatar(app.db, {
      viewer: viewer.user,
      upload: Buffer.isBuffer(image) ? image : undefined,
      storage: options.storage,
    });
  });
}
