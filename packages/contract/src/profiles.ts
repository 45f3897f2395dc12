import { z } from 'zod';
import { id } from './common';
import { isLanguageCode } from './languages';

/** An account holds at most this many profiles. */
export const PROFILES_MAX = 5;

/** A kids profile never sees a title above this age limit, whatever its own maximum says. */
export const KIDS_MAX_AGE = 12;

/** The avatars a profile may wear: each a colour the web app draws with the profile's initial. */
import { PROFILE_AVATARS } from './profile-avatars';

export { PROFILE_AVATARS } from './profile-avatars';

export const profileName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(40, 'Name must be at most 40 characters')
  .regex(/^[^\p{Cc}<>]*$/u, 'Name must not contain control characters or angle brackets');

/** The highest age limit a profile may watch (the catalogue's limits go from 0 to 21); null: no limit. */
export const maxAgeRating = z.number().int().min(0, 'Age rating must be between 0 and 21').max(21, 'Age rating must be between 0 and 21').nullable();

export const pin = z.string().regex(/^\d{4}$/, 'PIN must be 4 digits');

/** A language a profile remembers for the player: a BCP 47 primary subtag ("en", "fr"), or null for none. */
export const rememberedLanguage = z
  .string()
  .refine(isLanguageCode, 'Unknown language code')
  .nullable();

export const householdProfile = z.object({
  _id: id,
  name: z.string(),
  avatar: z.enum(PROFILE_AVATARS),
  isKids: z.boolean(),
  maxAgeRating: z.number().int().nullable(),
  requiresPin: z.boolean(),
  audioLanguage: z.string().nullable(),
  subtitleLanguage: z.string().nullable(),
});
export type HouseholdProfile = z.infer<typeof householdProfile>;

export const profilesAnswer = z.object({
  profiles: z.array(householdProfile),
  /** The profile this session is watching as; null until one is chosen on an account with several. */
  current: id.nullable(),
  /** Whether the account has a PIN (leaving a kids profile and opening a profile that needs it ask for it). */
  hasPin: z.boolean(),
  max: z.number().int(),
});
export type ProfilesAnswer = z.infer<typeof profilesAnswer>;

export const profileCreate = z.object({
  name: profileName,
  avatar: z.enum(PROFILE_AVATARS).default('ocean'),
  isKids: z.boolean().default(false),
  maxAgeRating: maxAgeRating.default(null),
  requiresPin: z.boolean().default(false),
});
export type ProfileCreate = z.input<typeof profileCreate>;

export const profileEdit = z.object({
  name: profileName.optional(),
  avatar: z.enum(PROFILE_AVATARS).optional(),
  isKids: z.boolean().optional(),
  maxAgeRating: maxAgeRating.optional(),
  requiresPin: z.boolean().optional(),
});
export type ProfileEdit = z.infer<typeof profileEdit>;

export const profileSelect = z.object({ pin: pin.optional() });

export const pinChange = z.object({
  /** The new PIN, or null to remove it. */
  pin: pin.nullable(),
  /** The PIN in force, when there is one. */
  currentPin: pin.optional(),
});

export const profileLanguages = z.object({
  audioLanguage: rememberedLanguage.optional(),
  subtitleLanguage: rememberedLanguage.optional(),
});
export type ProfileLanguages = z.infer<typeof profileLanguages>;
