import { personName } from '@marquee/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { devIdToken, signIn } from '../../../test/sign-in';
import { nameFromToken } from './auth.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ LOGIN_LIMIT_PER_IP: '1000' });
});
afterAll(() => ctx.close());

describe('the Authorization scheme is case-insensitive', () => {
  it('accepts bearer, Bearer and BEARER', async () => {
    const { token } = await signIn(ctx, { email: 'schemes@example.com' });
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await ctx.app.inject({ url: '/user/subscription-status', headers: { authorization: `${scheme} ${token}` } });
      expect(res.statusCode, scheme).toBe(200);
    }
  });

  it('still refuses other schemes and malformed tokens', async () => {
    const { token } = await signIn(ctx, { email: 'schemes2@example.com' });
    for (const authorization of [`Basic ${token}`, `Bearer${token}`, `Bearer ${token}!`, token]) {
      const res = await ctx.app.inject({ url: '/user/subscription-status', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
    }
  });
});

describe('one rule for names', () => {
  const signUpAs = async (email: string, name: string) => {
    const idToken = await devIdToken(ctx, { email, name });
    expect((await ctx.app.inject({ method: 'POST', url: '/user/signup', payload: { idToken } })).statusCode).toBe(200);
    const login = await ctx.app.inject({ method: 'POST', url: '/user/login', payload: { idToken } });
    expect(login.statusCode).toBe(200);
    return login.json().user.name as string;
  };

  it('a name from the ID token that the profile would refuse is stored without what the rule forbids', async () => {
    const name = await signUpAs('img@example.com', '<img src=x onerror=alert(1)>Ada\u0007 Lovelace');
    expect(name).toBe('img src=x onerror=alert(1)Ada Lovelace');
    expect(personName.safeParse(name).success).toBe(true);
  });

  it('a name that is nothing but forbidden characters falls back to the email', async () => {
    expect(await signUpAs('grace.hopper@example.com', '<<>>\u0001')).toBe('grace.hopper');
  });

  it('a long name is cut to the rule’s length', () => {
    const name = nameFromToken({ name: `${'A'.repeat(79)} <b>${'B'.repeat(300)}`, email: 'long@example.com' });
    expect(name).toBe('A'.repeat(79));
    expect(personName.safeParse(name).success).toBe(true);
  });

  it('the profile refuses the same names', async () => {
    expect(personName.safeParse('<img src=x>').success).toBe(false);
    expect(personName.safeParse('Ada\u0000').success).toBe(false);
  });
});
