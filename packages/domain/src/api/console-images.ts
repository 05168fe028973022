import { z } from "zod";
import type { ConsoleOperation } from "./console.ts";
import { okAnswer } from "./envelope.ts";

/*
 * The console's one image store for banners, brand logos and reward pictures: whoever edits any
 * of them (content.edit or programme.edit) uploads, and reads the bytes back for the previews
 * (the member app's /crm/media address needs an app id, the console's needs its session).
 */

/** A stored image's token: 64 hex digits. */
export const MEDIA_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Banners, brand logos and reward pictures: whoever edits one of them stores and previews images. */
const IMAGE_EDITORS = ["content.edit", "programme.edit"] as const;

export const consoleImages = {
  /**
   * Stores an image: its type comes from the bytes (PNG, JPEG, GIF, WebP, SVG), at most
   * MEDIA_MAX_BYTES. A banner or a brand keeps `token`; a reward keeps `image_url`.
   */
  upload: {
    method: "POST",
    path: "/images",
    access: { permission: IMAGE_EDITORS },
    summary:
      "Store an image (a banner's, a brand's logo, a reward's picture): PNG, JPEG, GIF, WebP or SVG (sanitised), at most MEDIA_MAX_BYTES",
    description:
      "Needs content.edit or programme.edit and the X-CSRF-Token header (4031). Writes one audit entry (content.image.upload). The type comes from the bytes and must agree with the file name (rule imageType); too big: imageTooLarge; empty: imageEmpty. Answers the token (a banner's or brand's field) and image_url, /crm/media/<token> (a reward's field).",
    body: z.object({
      file_name: z.string().trim().min(1, "required").max(255, "tooLong"),
      data_base64: z.string().min(1, "required"),
    }),
    answer: okAnswer(z.object({ token: z.string(), image_url: z.string() })),
  },
  /** A stored image's bytes with their type, for the console's previews; 4040 for an unknown token. */
  read: {
    method: "GET",
    path: "/images/:token",
    access: { permission: [...IMAGE_EDITORS, "audit.read"] },
    summary: "A stored image's bytes, for the console's previews; 4040 for an unknown token",
    description: "Needs content.edit, programme.edit or audit.read (the auditor reads).",
    params: z.object({ token: z.string().regex(MEDIA_TOKEN_PATTERN, "invalid") }),
    answer: z.string().meta({ format: "binary", description: "The image's bytes" }),
  },
} as const satisfies Record<string, ConsoleOperation>;
