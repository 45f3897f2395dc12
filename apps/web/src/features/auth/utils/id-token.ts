/** The claims of an ID token that the sign-in flow reads. */
export interface IdTokenClaims {
  email?: string;
  name?: string;
  picture?: string;
  nonce?: string;
}

/**
 * Reads an ID token's payload without verifying it. Only for filling the signup form and matching
 * the nonce; the server verifies the signature and takes the identity from the token itself.
 */
export function readIdTokenClaims(idToken: string): IdTokenClaims {
  const payload = idToken.split('.')[1];
  if (!payload) return {};
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== 'object' || claims === null) return {};
    const record = claims as Record<string, unknown>;
    return {
      email: stringClaim(record.email),
      name: stringClaim(record.name),
      picture: stringClaim(record.picture),
      nonce: stringClaim(record.nonce),
    };
  } catch {
    return {};
  }
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
