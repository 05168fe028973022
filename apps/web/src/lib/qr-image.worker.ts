/// <reference lib="webworker" />
import { qrImage } from "./qr-image.ts";

// Draws a QR code off the page's main thread (components/use-qr-image.ts says why).
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage({ text: event.data, src: qrImage(event.data) });
};
