import type { Category, Role, Session, User } from '@marquee/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionState {
  isLoggedIn: boolean;
  /** The login response (behaviour.md §3 'User session'): bearer token, login method and the user. */
  user: Session | null;
  /** `_id` of the category the home page shows; defaults to the first one once the list loads. */
  activeCategory: string | null;
  homepage: Category[];
  /**
   * True after the viewer signed out on purpose (not persisted): the protected page they were on
   * sends them home rather than to /login, which is for sessions that ended on their own.
   */
  signedOut: boolean;
  /** Stores the session after sign-in and replaces it after a profile change. */
  updateUser: (session: Session) => void;
  /** Forgets the session on this device; the server call comes first (features/auth `useLogout`). */
  logout: () => void;
  setActiveCategory: (id: string) => void;
  setHomepage: (categories: Category[]) => void;
}

export const SESSION_STORAGE_KEY = 'settings';

type Persisted = Pick<SessionState, 'isLoggedIn' | 'user' | 'activeCategory' | 'homepage'>;

// Above the store: persist hydrates from localStorage while `create` runs, and calls isSession.
const LOGIN_METHODS: readonly Session['loginWith'][] = ['email', 'phone'];
const ROLES: readonly Role[] = ['viewer', 'admin', 'editor', 'support'];
const USER_TEXT_FIELDS = ['_id', 'name', 'email', 'phoneNumber', 'dob', 'image'] as const satisfies readonly (keyof User)[];

/**
 * Whether a stored value is a login response as the contract's `session` schema describes it
 * (checked here by hand, so the first render needs no zod; session-store.test.ts holds it to the
 * schema).
 */
export function isSession(value: unknown): value is Session {
  const stored = value as Partial<Record<keyof Session, unknown>> | null;
  if (typeof stored !== 'object' || stored === null || typeof stored.token !== 'string') return false;
  if (!LOGIN_METHODS.includes(stored.loginWith as Session['loginWith'])) return false;
  const user = stored.user as Partial<Record<keyof User, unknown>> | null;
  if (typeof user !== 'object' || user === null || !ROLES.includes(user.role as Role)) return false;
  return USER_TEXT_FIELDS.every((field) => typeof user[field] === 'string') && UUID.test(user._id as string);
}

// zod's uuid rule: an RFC 9562 version and variant, or the nil and max UUIDs.
const UUID = /^([0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/i;

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      isLoggedIn: false,
      user: null,
      activeCategory: null,
      homepage: [],
      signedOut: false,
      updateUser: (user) => set({ user, isLoggedIn: true, signedOut: false }),
      logout: () => set({ user: null, isLoggedIn: false, signedOut: true }),
      setActiveCategory: (id) => set({ activeCategory: id }),
      setHomepage: (categories) => set({ homepage: categories, activeCategory: activeCategoryOf(categories, get().activeCategory) }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isLoggedIn, user, activeCategory, homepage }): Persisted => ({ isLoggedIn, user, activeCategory, homepage }),
      // Storage outlives releases and can be edited by hand: a session that is not a valid login
      // response is dropped rather than shown as a half-signed-in header.
      merge: (persisted, current) => {
        const stored = (persisted ?? {}) as Partial<Persisted>;
        const user = stored.isLoggedIn && isSession(stored.user) ? stored.user : null;
        return { ...current, ...stored, user, isLoggedIn: user !== null };
      },
      migrate: (persisted) => persisted as Persisted,
    },
  ),
);

/** The session while signed in, else null. */
export function useCurrentSession(): Session | null {
  return useSession((state) => (state.isLoggedIn ? state.user : null));
}

/** The same, read outside React (a route's loader). */
export function currentSession(): Session | null {
  const { isLoggedIn, user } = useSession.getState();
  return isLoggedIn ? user : null;
}

/** The chosen category if it is still listed, else the first one. */
export function activeCategoryOf(categories: Category[], chosen: string | null): string | null {
  return categories.some((category) => category._id === chosen) ? chosen : (categories[0]?._id ?? null);
}

/**
 * A bearer call was refused: the session behind `token` has ended. Only that session is cleared,
 * so a late answer to an old session's request cannot sign out the user who signed in since.
 */
export function endSession(token: string): void {
  if (useSession.getState().user?.token === token) useSession.setState({ user: null, isLoggedIn: false, signedOut: false });
}

/** A profile call answered with the user: keep the token, replace the user (behaviour.md §4 updateUser). */
export function replaceSessionUser(user: User): void {
  const { user: current, updateUser } = useSession.getState();
  if (current?.user._id === user._id) updateUser({ ...current, user });
}

/** The bearer token for a call made on the user's behalf, e.g. from a mutation. */
export function requireSessionToken(): string {
  const { isLoggedIn, user } = useSession.getState();
  if (!isLoggedIn || !user) throw new Error('Sign in to continue');
  return user.token;
}

