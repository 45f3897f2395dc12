import { session as sessionSchema, type Category, type Session, type User } from '@marquee/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SessionState {
  isLoggedIn: boolean;
  /** The login response (SPEC §3 'User session'): bearer token, login method and the user. */
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
      setHomepage: (categories) => {
        const current = get().activeCategory;
        const stillListed = categories.some((category) => category._id === current);
        set({ homepage: categories, activeCategory: stillListed ? current : (categories[0]?._id ?? null) });
      },
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
        const parsed = sessionSchema.safeParse(stored.user);
        const user = stored.isLoggedIn && parsed.success ? parsed.data : null;
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

/**
 * A bearer call was refused: the session behind `token` has ended. Only that session is cleared,
 * so a late answer to an old session's request cannot sign out the user who signed in since.
 */
export function endSession(token: string): void {
  if (useSession.getState().user?.token === token) useSession.setState({ user: null, isLoggedIn: false, signedOut: false });
}

/** A profile call answered with the user: keep the token, replace the user (SPEC §4 updateUser). */
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
