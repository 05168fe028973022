/// <reference lib="webworker" />
import { qrImage } from "./qr-image.ts";

// Draws the member QR code off the page's main thread (use-member-qr.ts says why).
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage({ text: event.data, src: qrImage(event.data) });
};
