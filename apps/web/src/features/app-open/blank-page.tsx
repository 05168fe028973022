/**
 * /app-payment/return-payme: where the payment provider returns the member; the
 * native app takes over from here, so the page shows nothing.
 */
export function Component() {
  return null;
}
