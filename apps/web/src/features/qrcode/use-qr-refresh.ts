import { useEffect, useState } from "react";

export const QR_REFRESH_MS = 60_000;
export const QR_MASK_MS = 300;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The seconds the member QR code carries, renewed every 60 s and at once whenever `source`
 * (the user info) changes, so the till can refuse an old screenshot. Each renewal masks
 * the code for 300 ms; timers stop when the screen is left.
 */
export function useQrRefresh(source: unknown) {
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
  }, [source]);

  return { seconds, masked };
}
