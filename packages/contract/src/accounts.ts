import { z } from 'zod';
import { contentKind, rowItem } from './catalog';
import { id } from './common';

export const NAME_MAX = 80;

/** 'viewer' for everyone; the others are operators who may open the console (/admin). */
export const role = z.enum(['viewer', 'admin', 'editor', 'support']);
export type Role = z.infer<typeof role>;

/** The signed-in viewer as behaviour.md §3 names it. */
export const user = z.object({
  _id: id,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** ISO date (YYYY-MM-DD) or empty. */
  dob: z.string(),
  image: z.string(),
  role,
});
export type User = z.infer<typeof user>;

export const loginWith = z.enum(['email', 'phone']);

export const session = z.object({
  token: z.string(),
  loginWith,
  user,
});
export type Session = z.infer<typeof session>;

export const nonceResponse = z.object({ nonce: z.string() });

export const loginRequest = z.object({
  idToken: z.string().min(1, 'idToken is required').max(8192),
  /** Optional; when present it must equal the token's email. */
  email: z.string().max(254).optional(),
});

export const signupRequest = z.object({
  idToken: z.string().min(1, 'idToken is required').max(8192),
  email: z.string().max(254).optional(),
  name: z.string().max(200).optional(),
  imageUrl: z.string().max(2048).optional(),
});

/** How the web app signs in: Google Identity Services, or the built-in development issuer. */
export const authConfig = z.object({
  provider: z.enum(['google', 'dev']),
  clientId: z.string(),
  /** The development issuer's account chooser (dev only). */
  authorizeUrl: z.string().nullable(),
});
export type AuthConfig = z.infer<typeof authConfig>;

/** Characters a name may not hold: control characters (NUL among them) and angle brackets. */
export const NAME_FORBIDDEN = /[\p{Cc}<>]/gu;

/** The one rule for a viewer's name, whether typed on My Account or taken from an ID token at sign-up. */
export const personName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)
  .regex(/^[^\p{Cc}<>]*$/u, 'Name must not contain control characters or angle brackets');

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

export const profileUpdate = z.object({
  name: personName,
  email: z.string().max(254).optional(),
  phoneNumber: z
    .string()
    .trim()
    .max(32)
    .regex(/^[+()\d\s-]*$/, 'Phone number may contain digits, spaces, +, - and brackets only')
    .optional(),
  dob: z
    .string()
    .regex(isoDate, 'Date of birth must be a date like 1990-04-21')
    .or(z.literal(''))
    .optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdate>;

/** A watchlist entry's kind: 'third-party' for partner titles, which open /third-party/{slug}. */
export const watchlistKind = z.enum([...contentKind.options, 'third-party']);
export type WatchlistKind = z.infer<typeof watchlistKind>;

export const watchlistEntry = z.object({ kind: watchlistKind, item: rowItem });
export type WatchlistEntry = z.infer<typeof watchlistEntry>;

export const watchlistAdd = z.object({ id, type: watchlistKind });
export const watchlistRemove = z.object({ id });
export const membership = z.object({ isExist: z.boolean() });

export const notification = z.object({
  _id: id,
  title: z.string(),
  description: z.string(),
  image: z.string(),
  /** ISO timestamp. */
  date: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof notification>;

export const unreadCount = z.object({ notificationCount: z.number().int() });

export const subscriptionStatus = z.object({
  subscriptionValid: z.boolean(),
  /** The plan in force, or null. */
  plan: z.string().nullable(),
  /** ISO timestamp when access ends, or null. */
  validUntil: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;
