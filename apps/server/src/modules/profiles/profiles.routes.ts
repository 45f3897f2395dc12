import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import type { RateLimiter } from '../../plugins/rate-limit';
import * as profiles from './profiles.service';

export async function profilesRoutes(app: FastifyInstance, options: { limiter: RateLimiter; keptMediaDecisionMs: number }): Promise<void> {
  const deps = { db: app.db, limiter: options.limiter, keptMediaDecisionMs: options.keptMediaDecisionMs };
  route(app, api.profiles, ({ viewer }) => profiles.listForViewer(app.db, viewer));
  route(app, api.profileCreate, ({ viewer, body }) => profiles.createProfile(app.db, { viewer, profile: body }));
  route(app, api.profileEdit, ({ viewer, params, body }) => profiles.editProfile(app.db, { viewer, profileId: params.id, edit: body }));
  route(app, api.profileDelete, ({ viewer, params }) => profiles.deleteProfile(app.db, { viewer, profileId: params.id }));
  route(app, api.profileSelect, ({ viewer, params, body }) => profiles.selectProfile(deps, { viewer, profileId: params.id, pin: body.pin }));
  route(app, api.profilePin, ({ viewer, body }) => profiles.changePin(deps, { viewer, ...body }));
  route(app, api.profileLanguages, ({ viewer, body }) => profiles.rememberLanguages(app.db, { viewer, languages: body }));
}
