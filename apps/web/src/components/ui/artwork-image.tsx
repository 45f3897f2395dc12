import { artworkSrcSet, type ArtworkFormat } from '@marquee/contract/artwork';
import type { ImgHTMLAttributes } from 'react';

/** On screens matching `media`, no size wider than `maxWidth` px is offered, whatever the pixel density. */
export interface ArtworkCap {
  media: string;
  maxWidth: number;
}

type ArtworkImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  /** How wide the picture is drawn (the `sizes` attribute), so the browser picks the smallest size that fills it. */
  sizes: string;
  cap?: ArtworkCap;
};

const FORMATS: ArtworkFormat[] = ['avif', 'webp'];

/**
 * A catalogue picture offered at the sizes the server keeps of it (AVIF, then WebP for browsers
 * without AVIF); any other picture (a partner's own link, object storage) is drawn as it is.
 */
export function ArtworkImage({ src, sizes, cap, alt, ...img }: ArtworkImageProps) {
  const avif = artworkSrcSet(src, 'avif');
  if (!avif) return <img src={src} alt={alt} {...img} />;
  return (
    <picture>
      {cap &&
        FORMATS.map((format) => (
          <source key={format} media={cap.media} type={`image/${format}`} srcSet={artworkSrcSet(src, format, cap.maxWidth) ?? undefined} sizes={sizes} />
        ))}
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      <img src={src} srcSet={artworkSrcSet(src, 'webp') ?? undefined} sizes={sizes} alt={alt} {...img} />
    </picture>
  );
}
