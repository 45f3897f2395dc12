import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArtworkImage } from './artwork-image';

describe('ArtworkImage', () => {
  it('offers a stored picture at its sizes, AVIF first, with the width it is drawn at', () => {
    const { container } = render(<ArtworkImage src="/media/images/demo/titles/x-wide.webp" sizes="72vw" alt="Night Drive" loading="lazy" />);
    const source = container.querySelector('picture > source');
    expect(source).toHaveAttribute('type', 'image/avif');
    expect(source).toHaveAttribute(
      'srcset',
      '/media/images/demo/titles/x-wide.320w.avif 320w, /media/images/demo/titles/x-wide.640w.avif 640w, /media/images/demo/titles/x-wide.960w.avif 960w',
    );
    expect(source).toHaveAttribute('sizes', '72vw');
    const img = screen.getByRole('img', { name: 'Night Drive' });
    expect(img).toHaveAttribute('src', '/media/images/demo/titles/x-wide.webp');
    expect(img.getAttribute('srcset')).toContain('/media/images/demo/titles/x-wide.640w.webp 640w');
    expect(img).toHaveAttribute('sizes', '72vw');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('offers nothing wider than the cap on screens it names', () => {
    const { container } = render(<ArtworkImage src="/media/images/x.webp" sizes="100vw" cap={{ media: '(max-width: 640px)', maxWidth: 640 }} alt="" />);
    const sources = [...container.querySelectorAll('picture > source')];
    expect(sources.map((source) => [source.getAttribute('media'), source.getAttribute('type'), source.getAttribute('srcset')])).toEqual([
      ['(max-width: 640px)', 'image/avif', '/media/images/x.320w.avif 320w, /media/images/x.640w.avif 640w'],
      ['(max-width: 640px)', 'image/webp', '/media/images/x.320w.webp 320w, /media/images/x.640w.webp 640w'],
      [null, 'image/avif', '/media/images/x.320w.avif 320w, /media/images/x.640w.avif 640w, /media/images/x.960w.avif 960w'],
    ]);
  });

  it.each(['https://partner.example/poster.jpg', '/media/videos/abc/poster.webp', '/media/images/x.640w.webp'])('draws %s as it is', (src) => {
    const { container } = render(<ArtworkImage src={src} sizes="72vw" alt="" />);
    expect(container.querySelector('picture')).toBeNull();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', src);
    expect(img).not.toHaveAttribute('srcset');
  });
});
