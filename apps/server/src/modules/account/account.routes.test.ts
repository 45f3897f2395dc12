import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@marquee/contract';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { bearer, signIn } from '../../../test/sign-in';

let ctx: TestContext;
let ada: Session;
let bob: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  ada = await signIn(ctx, { email: 'ada@example.com', name: 'Ada Quill' });
  bob = await signIn(ctx, { email: 'bob@example.com', name: 'Bob Marsh' });
});
afterAll(() => ctx.close());

const putProfile = (session: Session, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/user/profile', headers: bearer(session), payload });

async function upload(session: Session, file: { data: Buffer; name: string; type: string } | undefined) {
  const form = new FormData();
  if (file) form.set('image', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  else form.set('note', 'no file');
  const request = new Request('http://local/', { method: 'PUT', body: form });
  return ctx.app.inject({
    method: 'PUT',
    url: '/user/update-image',
    headers: { ...bearer(session), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}
const avatarFiles = async () => readdir(join(ctx.config.mediaDir, 'avatars')).catch(() => [] as string[]);

describe('profile', () => {
  it('reads and updates name, phone number and date of birth', async () => {
    const res = await putProfile(ada, { name: '  Ada Lovelace ', email: 'ada@example.com', phoneNumber: '+44 20 7946 0000', dob: '1990-04-21' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Ada Lovelace', phoneNumber: '+44 20 7946 0000', dob: '1990-04-21' });
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(ada) })).json().name).toBe('Ada Lovelace');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: 'x'.repeat(81) }, 'Name must be at most 80 characters'],
    [{ name: 'Ada <script>' }, 'angle brackets'],
    [{ name: 'Ada', dob: '1990-02-30' }, 'not a real date'],
    [{ name: 'Ada', dob: '2999-01-01' }, 'between 1900 and today'],
    [{ name: 'Ada', dob: 'yesterday' }, 'Date of birth must be a date'],
    [{ name: 'Ada', phoneNumber: 'call me' }, 'Phone number'],
    [{ name: 'Ada', email: 'someone@else.com' }, "can't be changed here"],
  ])('rejects %j with a message and changes nothing', async (payload, message) => {
    const res = await putProfile(ada, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(ada) })).json().name).toBe('Ada Lovelace');
  });

  it("never touches another viewer's profile", async () => {
    await putProfile(bob, { name: 'Bob Changed' });
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(ada) })).json().name).toBe('Ada Lovelace');
  });
});

describe('avatar upload', () => {
  const photo = (format: 'jpeg' | 'png') =>
    sharp({ create: { width: 800, height: 600, channels: 3, background: '#3366aa' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-here' } } })
      .toFormat(format)
      .toBuffer();

  it.each(['jpeg', 'png'] as const)('re-encodes a real %s to a square WebP without metadata, replacing the old file', async (format) => {
    const before = await avatarFiles();
    const res = await upload(ada, { data: await photo(format), name: `me.${format}`, type: `image/${format}` });
    expect(res.statusCode).toBe(200);
    const image: string = res.json().image;
    expect(image).toMatch(/^\/media\/avatars\/.+\.webp$/);
    const served = await ctx.app.inject(image);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 512, 512, undefined]);
    const after = await avatarFiles();
    expect(after.length).toBe(before.length === 0 ? 1 : before.length);
  });

  it('rejects a text file named .png, a truncated image, an oversize file and no file, storing nothing', async () => {
    const before = await avatarFiles();
    const current = (await ctx.app.inject({ url: '/user/profile', headers: bearer(ada) })).json().image;
    const png = await photo('png');
    const cases = [
      { file: { data: Buffer.from('hello, I am text'), name: 'me.png', type: 'image/png' }, status: 400, message: 'not an image' },
      { file: { data: png.subarray(0, Math.floor(png.length / 2)), name: 'cut.png', type: 'image/png' }, status: 400, message: 'damaged' },
      { file: { data: Buffer.alloc(6 * 1024 * 1024, 1), name: 'big.jpg', type: 'image/jpeg' }, status: 413, message: '' },
      { file: undefined, status: 400, message: 'Choose an image' },
    ];
    for (const c of cases) {
      const res = await upload(ada, c.file);
      expect(res.statusCode, c.file?.name ?? 'no file').toBe(c.status);
      expect(res.json().message).toContain(c.message);
    }
    expect(await avatarFiles()).toEqual(before);
    expect((await ctx.app.inject({ url: '/user/profile', headers: bearer(ada) })).json().image).toBe(current);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'PUT', url: '/user/update-image' })).statusCode).toBe(401);
  });
});
