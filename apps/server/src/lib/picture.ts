import sharp from 'sharp';

export type PictureType = 'png' | 'jpg' | 'gif' | 'webp';

/** Pictures are shown as tiles and thumbnails: larger ones are scaled down to fit this box. */
const MAX_SIDE = 1600;
/** A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

const OUTPUT: Record<string, PictureType> = { png: 'png', jpeg: 'jpg', gif: 'gif', webp: 'webp' };

/**
 * Decodes an uploaded picture and encodes it again in its own format, upright and without metadata:
 * whatever else the file carried (HTML or script appended after the image, EXIF with a location, a
 * polyglot) does not survive. Undefined when the bytes are not a PNG, JPEG, GIF or WEBP picture.
 */
export async function reencodePicture(bytes: Buffer): Promise<{ type: PictureType; bytes: Buffer } | undefined> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: true });
    const { format } = await image.metadata();
    const type = format ? OUTPUT[format] : undefined;
    if (!type) return undefined;
    const fitted = image.rotate().resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      type === 'png' ? fitted.png() : type === 'jpg' ? fitted.jpeg({ quality: 85 }) : type === 'gif' ? fitted.gif() : fitted.webp({ quality: 85 });
    return { type, bytes: await encoded.toBuffer() };
  } catch {
    return undefined;
  }
}
