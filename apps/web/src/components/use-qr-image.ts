import { useEffect, useState } from "react";
import { qrImage } from "../lib/qr-image.ts";

export interface QrImage {
  /** What the code says. */
  text: string;
  /** The code as an image URL. */
  src: string;
}

let worker: Worker | undefined;
let workerFailed = false;

/**
 * The QR code image for `text`, drawn in a worker. A QR encoder's first run is slow before
 * the JavaScript engine has warmed to it (40–90 ms here, several times that on a low-end
 * phone): on the page's main thread that is one long task, a frozen screen just as the member
 * opens it at the till (the member QR code, a voucher's). The previous image stays until the new one arrives. Where there are no
 * module workers (older browsers, the tests' DOM), or the worker fails, it is drawn in place.
 */
export function useQrImage(text: string): QrImage | undefined {
  const [image, setImage] = useState(() => (workerUsable() ? undefined : drawInPlace(text)));

  useEffect(() => {
    if (!workerUsable()) {
      // The first text was drawn with the state; draw again only for a new one.
      setImage((current) => (current?.text === text ? current : drawInPlace(text)));
      return;
    }
    worker ??= new Worker(new URL("../lib/qr-image.worker.ts", import.meta.url), { type: "module" });
    const current = worker;
    const drawn = (event: MessageEvent<QrImage>) => {
      if (event.data.text === text) setImage(event.data);
    };
    const failed = () => {
      workerFailed = true;
      setImage(drawInPlace(text));
    };
    current.addEventListener("message", drawn);
    current.addEventListener("error", failed);
    current.postMessage(text);
    return () => {
      current.removeEventListener("message", drawn);
      current.removeEventListener("error", failed);
    };
  }, [text]);

  return image;
}

const workerUsable = () => typeof Worker !== "undefined" && !workerFailed;
const drawInPlace = (text: string): QrImage => ({ text, src: qrImage(text) });
