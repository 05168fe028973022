import { createHmac, randomBytes } from "node:crypto";
import { safeEqual } from "../../secrets.ts";
import type { SettingsService } from "../settings/service.ts";

const SECRET_KEY = "device_cookie_secret";
const VERSION = "d1";
/** A cookie dated this far in the future (clocks of instances a little apart) still counts. */
const CLOCK_MARGIN_SECONDS = 300;

export interface DeviceCookieConfig {
  /** How long a device cookie is good for, from the login that issued it. */
  lifetimeDays: number;
}

/**
 * OWASP's device cookies: a successful login leaves, on that browser, proof that this number's
 * member logged in there: `<nonce>.<issued at>.<MAC>`, the MAC (HMAC-SHA256) binding the number,
 * the random nonce and the date under a secret generated once and kept in the settings (every
 * instance reads the same one; cookies survive restarts). Stateless: nothing is stored per cookie,
 * a cookie's failures count under its nonce (AuthService). The number itself is not in the cookie;
 * a login names it, and a cookie checks out only for the number it was issued for.
 */
export class DeviceCookies {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly settings: SettingsService,
    private readonly config: DeviceCookieConfig,
    private readonly now: () => number,
  ) {}

  get lifetimeSeconds(): number {
    return this.config.lifetimeDays * 86_400;
  }

  /** A new device cookie's value for the number. */
  async issue(number: string): Promise<string> {
    const nonce = randomBytes(16).toString("base64url");
    const issuedAt = String(Math.floor(this.now() / 1000));
    return `${nonce}.${issuedAt}.${await this.mac(number, nonce, issuedAt)}`;
  }

  /** The cookie's nonce when it is a genuine, unexpired cookie of this number; null otherwise. */
  async nonceOf(value: string | null, number: string): Promise<string | null> {
    if (!value) return null;
    const [nonce, issuedAt, mac, extra] = value.split(".");
    if (!nonce || !issuedAt || !mac || extra !== undefined || !/^\d{1,12}$/.test(issuedAt)) return null;
    if (!safeEqual(await this.mac(number, nonce, issuedAt), mac)) return null;
    const age = Math.floor(this.now() / 1000) - Number(issuedAt);
    return age <= this.lifetimeSeconds && age >= -CLOCK_MARGIN_SECONDS ? nonce : null;
  }

  private async mac(number: string, nonce: string, issuedAt: string): Promise<string> {
    return createHmac("sha256", await this.loadSecret())
      .update(`${VERSION}:${number}:${nonce}:${issuedAt}`)
      .digest("base64url");
  }

  private loadSecret(): Promise<string> {
    this.secret ??= this.settings.valueOrInitial(SECRET_KEY, randomBytes(32).toString("base64url"));
    return this.secret;
  }
}
