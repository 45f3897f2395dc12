import type { FastifyInstance } from 'fastify';
import { api } from '@marquee/contract';
import { route } from '../../lib/route';
import * as thirdParty from './third-party.service';

export async function thirdPartyRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.thirdPartyHomepage, ({ viewer }) => thirdParty.getHomepage(app.db, { viewerId: viewer?.user.id ?? null, maxAge: viewer?.ageLimit ?? null }));
  route(app, api.thirdPartyMovie, ({ params, viewer }) => thirdParty.getMovie(app.db, { viewerId: viewer?.user.id ?? null, profileId: viewer?.profile?.id ?? null, maxAge: viewer?.ageLimit ?? null, slug: params.slug }));
  route(app, api.thirdPartySimilar, ({ params, viewer }) =>
    thirdParty.listSimilar(app.db, { titleId: params.id, viewerId: viewer?.user.id ?? null, maxAge: viewer?.ageLimit ?? null }),
  );
}
