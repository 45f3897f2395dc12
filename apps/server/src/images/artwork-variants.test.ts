import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { artworkVariants } from './artwork-variants';

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#335577' } }).webp().toBuffer();

describe('artwork sizes', () => {
  it('makes every size in AVIF and WebP, never enlarging a picture narrower than a size', async () => {
    const variants = await artworkVariants('artwork/titles/x-poster-1a2b.webp', await picture(440, 640));
    const sizes = await Promise.all(
      variants.map(async (variant) => {
        const meta = await sharp(variant.data).metadata();
        return `${variant.key} ${variant.contentType} ${meta.format === 'heif' ? 'avif' : meta.format} ${meta.width}x${meta.height}`;
      }),
    );
    expect(sizes).toEqual([
      'artwork/titles/x-poster-1a2b.320w.avif image/avif avif 320x465',
      'artwork/titles/x-poster-1a2b.320w.webp image/webp webp 320x465',
      'artwork/titles/x-poster-1a2b.640w.avif image/avif avif 440x640',
      'artwork/titles/x-poster-1a2b.640w.webp image/webp webp 440x640',
      'artwork/titles/x-poster-1a2b.960w.avif image/avif avif 440x640',
      'artwork/titles/x-poster-1a2b.960w.webp image/webp webp 440x640',
    ]);
  });
});

describe('sizes of artwork stored before they were made', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await mkdir(join(ctx.config.mediaDir, 'artwork', 'old'), { recursive: true });
    await writeFile(join(ctx.config.mediaDir, 'artwork', 'old', 'wide.webp'), await picture(1280, 720));
  });
  afterAll(() => ctx.close());

  it('lead to the picture itself', async () => {
    const res = await ctx.app.inject('/media/artwork/old/wide.640w.avif');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/media/artwork/old/wide.webp');
  });

  it('are missing like any file when the picture is missing too, and never lead outside the media directory', async () => {
    expect((await ctx.app.inject('/media/artwork/old/none.640w.avif')).statusCode).toBe(404);
    const climbing = await ctx.app.inject('/media/artwork/%2e%2e/%2e%2e/old/wide.640w.avif');
    expect(climbing.statusCode).toBeGreaterThanOrEqual(400);
    expect(climbing.statusCode).toBeLessThan(500);
  });
});
