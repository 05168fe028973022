import { createHash } from "node:crypto";
import type { TableViews } from "@hcoins/server-kit/database";
import { detectImageType, EXTENSION_TYPES, extensionOf, type ImageType } from "./image-type.ts";
import type { MediaRepository, MediaRow, MediaSummary } from "./repository.ts";
import { sanitizeSvg } from "./sanitize-svg.ts";

/** An image refused on the way in; the message says why, for the operator, and `rule` names it for a form. */
export class MediaRejected extends Error {
  constructor(
    message: string,
    readonly rule: "imageEmpty" | "imageTooLarge" | "imageType" = "imageType",
  ) {
    super(message);
  }
}

export interface StoredMedia {
  token: string;
  contentType: ImageType;
  byteSize: number;
  /** False when the same image was already stored (same token). */
  created: boolean;
}

/** An image an operator names: one already stored (its token), or a file's bytes to store. */
export type ImageSource = { token: string } | { bytes: Buffer; fileName: string };

/** The token of an image an operator named; `stored` is null when it was named by its token. */
export interface PlacedImage {
  token: string;
  stored: StoredMedia | null;
}

export interface MediaConfig {
  /** The largest image accepted (MEDIA_MAX_BYTES). */
  maxBytes: number;
}

const TYPE_NAMES: Record<ImageType, string> = {
  "image/png": "a PNG",
  "image/jpeg": "a JPEG",
  "image/gif": "a GIF",
  "image/webp": "a WebP",
  "image/svg+xml": "an SVG",
};

/** A 64-character lower-case hex token: the SHA-256 of the stored bytes. */
export const MEDIA_TOKEN = /^[0-9a-f]{64}$/;

/**
 * Images shown by the web app (banners, store pictures, images in CMS pages).
 * The type comes from the bytes and must agree with the file name's extension;
 * SVG is stored sanitised; the token is the SHA-256 of the stored bytes, so an
 * image never changes under its token and may be cached for ever.
 */
export class MediaService {
  constructor(
    private readonly repository: MediaRepository,
    private readonly config: MediaConfig,
    private readonly now: () => number,
  ) {}

  /** Checks and stores an image (inside `trx` when given). Throws MediaRejected with the reason. */
  async add(bytes: Buffer, fileName: string, trx?: TableViews): Promise<StoredMedia> {
    const prepared = this.prepare(bytes, fileName);
    const token = createHash("sha256").update(prepared.bytes).digest("hex");
    const row: MediaRow = {
      token,
      content_type: prepared.contentType,
      byte_size: prepared.bytes.length,
      bytes: prepared.bytes,
      original_name: (fileName.split(/[\\/]/).pop() ?? "").slice(0, 255),
      created_at: this.now(),
    };
    const created = await this.repository.insert(row, trx);
    return { token, contentType: prepared.contentType, byteSize: prepared.bytes.length, created };
  }

  /** The checks of `add` without storing: the bytes to keep and their type. */
  prepare(bytes: Buffer, fileName: string): { bytes: Buffer; contentType: ImageType } {
    if (bytes.length === 0) throw new MediaRejected(`${fileName} is empty`, "imageEmpty");
    if (bytes.length > this.config.maxBytes) {
      throw new MediaRejected(
        `${fileName} is ${bytes.length} bytes; at most ${this.config.maxBytes} are accepted (MEDIA_MAX_BYTES)`,
        "imageTooLarge",
      );
    }
    const detected = detectImageType(bytes);
    const extension = extensionOf(fileName);
    const named = EXTENSION_TYPES[extension];
    if (!detected) {
      throw new MediaRejected(
        named
          ? `${fileName} is named .${extension} but its bytes are not ${TYPE_NAMES[named]} image`
          : `${fileName} is not a PNG, JPEG, GIF, WebP or SVG image`,
      );
    }
    if (extension !== "" && named !== detected) {
      throw new MediaRejected(
        named
          ? `${fileName} is named .${extension} but its bytes are ${TYPE_NAMES[detected]} image; rename it to match`
          : `${fileName} has the extension .${extension}; ${TYPE_NAMES[detected]} image should end in .${Object.keys(EXTENSION_TYPES).find((key) => EXTENSION_TYPES[key] === detected)}`,
      );
    }
    if (detected !== "image/svg+xml") return { bytes, contentType: detected };
    const clean = sanitizeSvg(bytes.toString("utf8"));
    if (clean === null)
      throw new MediaRejected(`${fileName} has nothing left of an SVG image after sanitising`);
    return { bytes: Buffer.from(clean, "utf8"), contentType: detected };
  }

  find(token: string): Promise<MediaRow | undefined> {
    if (!MEDIA_TOKEN.test(token)) return Promise.resolve(undefined);
    return this.repository.find(token);
  }

  /**
   * The token of an image an operator names, a file stored first (inside the caller's
   * transaction). A refused file's MediaRejected names the image.
   */
  async place(name: string, source: ImageSource, trx: TableViews): Promise<PlacedImage> {
    if ("token" in source) return { token: source.token, stored: null };
    try {
      const stored = await this.add(source.bytes, source.fileName, trx);
      return { token: stored.token, stored };
    } catch (error) {
      if (error instanceof MediaRejected) throw new MediaRejected(`${name}: ${error.message}`, error.rule);
      throw error;
    }
  }

  exists(token: string, trx?: TableViews): Promise<boolean> {
    if (!MEDIA_TOKEN.test(token)) return Promise.resolve(false);
    return this.repository.exists(token, trx);
  }

  list(): Promise<MediaSummary[]> {
    return this.repository.list();
  }

  /** True when any image is stored. */
  hasContent(trx?: TableViews): Promise<boolean> {
    return this.repository.hasAny(trx);
  }
}
