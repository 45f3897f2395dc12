/** The avatars a profile may pick. */
export const PROFILE_AVATARS = ['sunset', 'ocean', 'forest', 'grape', 'lemon', 'rose'] as const;
