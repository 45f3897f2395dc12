import sharp from 'sharp';
import { landscapeSvg, posterSvg } from '../artwork/artwork-svg';
import { demoPartnerTitles } from './demo-partner-titles';

const POSTER = { width: 440, height: 640 };
const WIDE = { width: 1280, height: 720 };

/**
 * The demo partner's thumbnails, drawn like the demo catalogue's artwork but as JPEG, the format
 * partners' image servers usually send. Null for a name the feed does not list.
 */
export async function demoPartnerImage(file: string): Promise<Buffer | null> {
  const match = /^([a-z0-9-]+)-(poster|wide)\.jpg$/.exec(file);
  const title = match && demoPartnerTitles.find((t) => t.slug === match[1]);
  if (!match || !title) return null;
  const art = {
    seed: `lanternfish-${title.slug}`,
    name: title.title,
    mood: title.mood,
    tagline: title.tagline,
    caption: `${title.published.slice(0, 4)} · ${title.collection}`,
  };
  const size = match[2] === 'poster' ? POSTER : WIDE;
  const svg = match[2] === 'poster' ? posterSvg(art, size) : landscapeSvg(art, size);
  return sharp(Buffer.from(svg)).resize(size.width, size.height, { fit: 'fill' }).jpeg({ quality: 82 }).toBuffer();
}
