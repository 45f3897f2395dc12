import { z } from 'zod';

/**
 * What the viewer may do with a title, decided by the server for whoever asks (the badge on a
 * card or title page): 'free' for everyone, 'included' in a valid subscription, 'rent' at `price`
 * USD, or 'rented' (an active rental). null: no access and the title is not for rent.
 */
export const titleAccess = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('free') }),
    z.object({ kind: z.literal('included') }),
    z.object({ kind: z.literal('rent'), price: z.number() }),
    z.object({
      kind: z.literal('rented'),
      /** When the viewing window ends (ISO), or null until playback starts. */
      expiresAt: z.string().nullable(),
      /** The last moment playback may start (ISO). */
      startBy: z.string(),
    }),
  ])
  .nullable();
export type TitleAccess = z.infer<typeof titleAccess>;
export type TitleAccessKind = NonNullable<TitleAccess>['kind'];
