import type { UserInfo } from "@hcoins/domain/api/profile";
import { memberQrText } from "@hcoins/domain/member-qr";
import { useEffect, useState } from "react";
import { qrImage } from "./qr-image.ts";

export const QR_REFRESH_MS = 60_000;
export const QR_MASK_MS = 300;

export interface QrImage {
  /** What the code says. */
  text: string;
  /** The code as an image URL. */
  src: string;
}

export interface MemberQr {
  /** The member QR code's image, once drawn; the previous one until the renewed one is. */
  image: QrImage | undefined;
  /** True while a renewal's mask covers the code. */
  covered: boolean;
}

/**
 * The member's QR code for the till: `<member number or id>,0,<birth month>,<unix seconds>`
 * (packages/domain/src/member-qr.ts), renewed every 60 s and at once whenever the user info
 * changes, so the till can refuse an old screenshot. Each renewal masks the code for 300 ms,
 * and past that until the renewed code is drawn, so the old one never shows unmasked once
 * renewed. Timers stop when the screen is left.
 */
export function useMemberQr(user: UserInfo): MemberQr {
  const { seconds, masked } = useRenewal(user);
  const text = memberQrText({
    memberNo: user.member_no,
    id: user.id,
    birthdayMonth: user.birthday_month,
    unixSeconds: seconds,
  });
  const image = useQrImage(text);
  return { image, covered: masked || image?.text !== text };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function useRenewal(user: UserInfo) {
  const [seconds, setSeconds] = useState(nowSeconds);
  const [masked, setMasked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new user info must regenerate the code at once
  useEffect(() => {
    let unmask: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(unmask);
      setMasked(true);
      setSeconds(nowSeconds());
      unmask = setTimeout(() => setMasked(false), QR_MASK_MS);
    };
    refresh();
    const timer = setInterval(refresh, QR_REFRESH_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(unmask);
    };
  }, [user]);

  return { seconds, masked };
}

let worker: Worker | undefined;
let workerFailed = false;

/**
 * The QR code image for `text`, drawn in a worker. A QR encoder's first run is slow before
 * the JavaScript engine has warmed to it (40–90 ms here, several times that on a low-end
 * phone): on the page's main thread that is one long task, a frozen screen just as the member
 * opens it at the till. The previous image stays until the new one arrives. Where there are no
 * module workers (older browsers, the tests' DOM), or the worker fails, it is drawn in place.
 */
function useQrImage(text: string): QrImage | undefined {
  const [image, setImage] = useState(() => (workerUsable() ? undefined : drawInPlace(text)));

  useEffect(() => {
    if (!workerUsable()) {
      // The first text was drawn with the state; draw again only for a new one.
      setImage((current) => (current?.text === text ? current : drawInPlace(text)));
      return;
    }
    worker ??= new Worker(new URL("./qr-image.worker.ts", import.meta.url), { type: "module" });
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
