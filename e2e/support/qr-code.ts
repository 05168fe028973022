import jsqr from "jsqr";
import type { Locator } from "playwright-core";

// jsqr is a CommonJS module whose types declare an ES default export: the function is both.
const jsQR = (jsqr as unknown as { default: typeof jsqr.default }).default;

/**
 * What a QR code image on the page says, read from its pixels as a till's scanner would (not from
 * any attribute the page sets): the image drawn onto a canvas in the page, decoded here.
 */
export async function readQrCode(image: Locator): Promise<string | null> {
  const pixels = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const size = 400;
    const canvas = document.createElement("canvas");
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.fillStyle = "white";
    context.fillRect(0, 0, size, size);
    context.drawImage(element, 0, 0, size, size);
    return { width: size, height: size, data: Array.from(context.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/** Whether the page is controlled by its service worker (which then has the app's files). */
export const serviceWorkerInCharge = (image: Locator) =>
  image.page().evaluate(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
