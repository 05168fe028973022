import { memberQrText } from "@hcoins/domain/member-qr";
import { useEffect, useState } from "react";
import type { MemberCard } from "../../api/member-card.ts";
import { type QrImage, useQrImage } from "../../components/use-qr-image.ts";

export const QR_REFRESH_MS = 60_000;
export const QR_MASK_MS = 300;

export interface MemberQr {
  /** The member QR code's image, once drawn; the previous one until the renewed one is. */
  image: QrImage | undefined;
  /** True while a renewal's mask covers the code. */
  covered: boolean;
}

/**
 * The member's QR code for the till: `<member number or id>,0,<birth month>,<unix seconds>`
 * (packages/domain/src/member-qr.ts), drawn from the member card (the one this device keeps until
 * fresh user info arrives), renewed every 60 s and at once whenever what it says changes, so the till can refuse an old screenshot. Each renewal masks the code for 300 ms,
 * and past that until the renewed code is drawn, so the old one never shows unmasked once
 * renewed. Timers stop when the screen is left.
 */
export function useMemberQr(card: MemberCard): MemberQr {
  const member = { memberNo: card.memberNo, id: card.id, birthdayMonth: card.birthdayMonth };
  const { seconds, masked } = useRenewal(JSON.stringify(member));
  const text = memberQrText({ ...member, unixSeconds: seconds });
  const image = useQrImage(text);
  return { image, covered: masked || image?.text !== text };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `member`: what the code says of the member; a change renews the code at once. */
function useRenewal(member: string) {
  const [seconds, setSeconds] = useState(nowSeconds);
  const [masked, setMasked] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed member must regenerate the code at once
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
  }, [member]);

  return { seconds, masked };
}
