import type { FastifyInstance } from 'fastify';

/**
 * A session for a new viewer through the app's own front door, as the web app signs in with the
 * development identity provider: nonce, ID token, login ("user doesn't exist"), signup, login.
 */
export async function signInViewer(app: FastifyInstance, email: string): Promise<string> {
  const { nonce } = (await app.inject('/user/login/nonce')).json<{ nonce: string }>();
  const token = await app.inject({ method: 'POST', url: '/dev-idp/token', payload: { email, name: 'Bench Viewer', nonce } });
  const idToken = token.json<{ id_token: string }>().id_token;
  const login = () => app.inject({ method: 'POST', url: '/user/login', payload: { idToken } });
  let session = await login();
  if (session.statusCode !== 200) {
    await app.inject({ method: 'POST', url: '/user/signup', payload: { idToken } });
    session = await login();
  }
  if (session.statusCode !== 200) throw new Error(`sign-in failed: ${session.body}`);
  return session.json<{ token: string }>().token;
}
