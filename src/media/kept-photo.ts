import sharp from "sharp";

/** What cameras and phones send; AVIF decodes as "heif" (a HEIC photo's HEVC does not: sharp's libvips has no such decoder). */
const READABLE_FORMATS: ReadonlySet<string> = new Set(["jpeg", "png", "webp", "heif"]);
/** A decompression bomb stops here: about a 100-megapixel photo, more than any phone camera takes. */
const MAX_INPUT_PIXELS = 100_000_000;
/** The database's bound on a kept photo (migration 0032's CHECK). */
export const KEPT_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const WEBP_QUALITY = 80;

// Each photo is decoded once: libvips' cache of operations would only hold memory.
sharp.cache(false);

export interface KeptPhoto {
  contentType: "image/webp";
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * A photo as it is kept, in one or more sizes: decoded once (so it really is an image of a readable
 * format), turned upright by its EXIF orientation, fitted within each edge on its longer side and
 * re-encoded as WebP, which carries none of the original's metadata (a phone's GPS position, its
 * serial number). Null when the bytes are not such an image.
 */
export async function keptPhotoSizesOf(input: Uint8Array, edges: readonly number[]): Promise<KeptPhoto[] | null> {
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false });
    const { format } = await image.metadata();
    if (!READABLE_FORMATS.has(format)) return null;
    const upright = image.rotate();
    const sizes: KeptPhoto[] = [];
    // One after another: each encoding takes a core.
    for (const edge of edges) {
      const { data, info } = await upright
        .clone()
        .resize({ width: edge, height: edge, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true });
      sizes.push({ contentType: "image/webp", bytes: data, width: info.width, height: info.height });
    }
    return sizes;
  } catch {
    // libvips could not read it: not an image, a truncated one, or past the pixel limit.
    return null;
  }
}
