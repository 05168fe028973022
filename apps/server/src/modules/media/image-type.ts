/** The image types the server stores and serves, recognised by their bytes, never by a file name. */
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "image/svg+xml";

export const EXTENSION_TYPES: Record<string, ImageType> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString("latin1");

/**
 * The type of an image from its first bytes (magic numbers): PNG (signature then
 * the IHDR chunk), JPEG (SOI then a marker), GIF (87a or 89a), WebP (a RIFF
 * container of type WEBP), SVG (UTF-8 text whose root element is `<svg`).
 * Anything else is null.
 */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && ascii(bytes, 12, 16) === "IHDR") {
    return "image/png";
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return "image/gif";
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP")
    return "image/webp";
  if (looksLikeSvg(bytes)) return "image/svg+xml";
  return null;
}

/**
 * UTF-8 text that, after an optional BOM, XML declaration, comments and a DOCTYPE
 * without an internal subset (no entity tricks), opens an `<svg` element.
 */
export function looksLikeSvg(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // A multi-byte character cut at 4096 bytes is fine; invalid UTF-8 before it is not.
    if (bytes.length <= 4096) return false;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, 4093));
    } catch {
      return false;
    }
  }
  let rest = text.replace(/^\uFEFF/, "");
  for (;;) {
    rest = rest.trimStart();
    const prolog = /^(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^[>]*>)/i.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length);
  }
  return /^<svg[\s>/]/.test(rest);
}

/** The lower-case extension of a file name ("" when it has none). */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}
