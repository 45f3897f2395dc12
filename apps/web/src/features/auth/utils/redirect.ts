/** Full-page navigation to the identity provider; a module of its own so tests can replace it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
