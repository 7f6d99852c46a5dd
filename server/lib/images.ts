import type { OutputInfo } from 'sharp';
import { AppError } from './errors';

/**
 * The shop's one image pipeline (the catalogue's pictures, the rider's proof of delivery): the type
 * decided from the bytes, a size limit, and a re-encode to WebP through sharp (EXIF rotation applied,
 * metadata dropped) — what is stored is never the uploaded file.
 */

/** sharp (libvips, ~10 MB resident) is loaded on the first picture upload, not at boot. */
const importSharp = () => import('sharp').then((m) => m.default);
let sharpModule: ReturnType<typeof importSharp> | undefined;
const loadSharp = () => (sharpModule ??= importSharp());

type Kind = 'jpeg' | 'png' | 'webp';
/** The type decided from the bytes (magic numbers), never from a name or a header the client chose. */
export function sniffImage(b: Buffer): Kind | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

function describe(b: Buffer): string {
  const head = b.subarray(0, 512).toString('utf8').trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.includes('<svg')) return 'an SVG drawing';
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'an HTML page';
  if (b.length >= 6 && b.toString('latin1', 0, 3) === 'GIF') return 'a GIF';
  if (b.length >= 4 && b.toString('latin1', 0, 4) === '%PDF') return 'a PDF';
  return 'not an image we can read';
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;

export interface EncodeOptions {
  maxBytes: number;
  /** "JPEG, PNG or WebP": said in refusals. */
  accepted: string;
  width: number;
  height: number;
  /** cover: cropped to exactly width × height (a card); inside: scaled down to fit, never up (a photo). */
  fit: 'cover' | 'inside';
  quality?: number;
}

export interface EncodedImage {
  data: Buffer;
  info: OutputInfo;
  kind: Kind;
}

/** Checks the bytes and re-encodes them as WebP; every refusal is a VALIDATION_FAILED sentence. */
export async function encodeImage(body: Buffer, o: EncodeOptions): Promise<EncodedImage> {
  if (!body.length) throw new AppError('VALIDATION_FAILED', `The upload is empty. Choose a ${o.accepted} picture.`);
  if (body.length > o.maxBytes) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The picture is ${mib(body.length)}; pictures are at most ${mib(o.maxBytes).replace('.0 ', ' ')}. Export a smaller one and try again.`,
    );
  }
  const kind = sniffImage(body);
  if (!kind) {
    throw new AppError('VALIDATION_FAILED', `That file is ${describe(body)}. Upload a ${o.accepted} picture (SVG is not accepted).`);
  }
  try {
    const sharp = await loadSharp();
    const out = await sharp(body, { limitInputPixels: 50_000_000, failOn: 'error' })
      .rotate()
      .resize(o.width, o.height, o.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: o.quality ?? 82 })
      .toBuffer({ resolveWithObject: true });
    return { ...out, kind };
  } catch {
    throw new AppError('VALIDATION_FAILED', `That ${kind.toUpperCase()} file is damaged or too large to read. Export it again and retry.`);
  }
}
