import { useEffect, useState } from "react";
import { qrImage } from "./qr-image.ts";

export interface QrImage {
  /** What the code says. */
  text: string;
  /** The code as an image URL. */
  src: string;
}

let worker: Worker | undefined;

/**
 * The QR code image for `text`, drawn in a worker. A QR encoder's first run is slow before
 * the JavaScript engine has warmed to it (about 50 ms here, several times that on a low-end
 * phone): on the page's main thread that is one long task, a frozen screen just as the member
 * opens it at the till. The previous image stays until the new one arrives. Where there are no
 * module workers (older browsers, the tests' DOM) it is drawn in place.
 */
export function useQrImage(text: string): QrImage | undefined {
  const [image, setImage] = useState(() => (workersAvailable() ? undefined : { text, src: qrImage(text) }));

  useEffect(() => {
    if (!workersAvailable()) {
      setImage({ text, src: qrImage(text) });
      return;
    }
    worker ??= new Worker(new URL("./qr-image.worker.ts", import.meta.url), { type: "module" });
    const drawn = (event: MessageEvent<QrImage>) => {
      if (event.data.text === text) setImage(event.data);
    };
    worker.addEventListener("message", drawn);
    worker.postMessage(text);
    return () => worker?.removeEventListener("message", drawn);
  }, [text]);

  return image;
}

const workersAvailable = () => typeof Worker !== "undefined";
