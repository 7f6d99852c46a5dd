import { DELIVERY_PHOTO } from '../../../../shared/schemas/stops';

/**
 * The rider's photo made small on the phone before it goes over a weak connection: the camera's 12 MP
 * picture drawn (upright, as the camera held it) within 1280 px and sent as a JPEG of a few hundred KB.
 * The server's image pipeline checks and re-encodes it again; this only spares the rider's data.
 */
export async function resizeOnPhone(file: Blob, max: number = DELIVERY_PHOTO.width): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This phone cannot prepare the photo.');
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('This phone cannot prepare the photo.'))), 'image/jpeg', 0.8),
  );
}
