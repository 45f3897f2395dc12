/** The longest search term the server accepts. */
export const SEARCH_TERM_MAX = 100;
