import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleImages, MEDIA_TOKEN_PATTERN } from "@hcoins/domain/api/console-images";
import { call, callUrl } from "./client.ts";

/** A file's bytes as base64, for the upload's JSON body. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text = "";
  for (let index = 0; index < bytes.length; index += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  }
  return btoa(text);
}

/** Stores an image (the server checks its type and size): its token and its /crm/media address. */
export async function uploadImage(file: File): Promise<{ token: string; image_url: string }> {
  return call(consoleImages.upload, {
    body: { file_name: file.name, data_base64: await base64Of(file) } satisfies ConsoleBodyOf<
      typeof consoleImages.upload
    >,
  });
}

/** A stored image's address for the console's previews (same origin: the console's img-src allows it). */
export const imageAddress = (token: string) => callUrl(consoleImages.read, { params: { token } });

/** The token in a reward's /crm/media/<token> address; null for an https address. */
function mediaTokenOf(imageUrl: string): string | null {
  const token = imageUrl.startsWith("/crm/media/") ? imageUrl.slice("/crm/media/".length) : "";
  return MEDIA_TOKEN_PATTERN.test(token) ? token : null;
}

/** Where the console shows a reward's picture: a stored one through its own route, else its address. */
export function previewAddress(imageUrl: string): string {
  const token = mediaTokenOf(imageUrl);
  return token ? imageAddress(token) : imageUrl;
}
