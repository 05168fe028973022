import { Secret, TOTP } from "otpauth";

const ISSUER = "H Coins console";
const PERIOD_SECONDS = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (email: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

/** What the authenticator app enrols from (shown as a QR code by the console). */
export const otpauthUri = (email: string, secret: string) => totpFor(email, secret).toString();

/**
 * The time step a right code belongs to (one step of clock drift either way is accepted), or
 * null for a wrong code. The caller refuses a step already used, so a code works once.
 */
export function totpStep(email: string, secret: string, code: string, now: number): number | null {
  const delta = totpFor(email, secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** A right code for a moment (the tests' authenticator). */
export const totpCode = (secret: string, now: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), period: PERIOD_SECONDS }).generate({ timestamp: now });
