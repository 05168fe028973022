import { z } from "zod";

/**
 * TRUST_PROXY (and COIN_SCHEME_TRUST_PROXY): how many proxies stand in front (`true` is one,
 * `false` none) or their addresses. Only what trusted proxies appended to X-Forwarded-For is
 * believed, never what a client wrote there itself (it would pick its own address for the SMS
 * and rate limits): see fastifyTrustProxy.
 */
export const trustProxy = z
  .string()
  .default("false")
  .transform((value): number | string => {
    const setting = value.trim().toLowerCase();
    if (["", "false", "no", "off"].includes(setting)) return 0;
    if (["true", "yes", "on"].includes(setting)) return 1;
    return /^\d+$/.test(setting) ? Number(setting) : value.trim();
  });
export type TrustProxySetting = z.output<typeof trustProxy>;

/**
 * Fastify's trustProxy for the setting: a number is that many proxies in front (true is one), so
 * the client address is the one the outermost of them appended; text is the proxies' addresses or
 * subnets (proxy-addr's names such as loopback too). Fastify's own `true` would believe every entry,
 * the client's included, and its number form believes none.
 */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): string | false | ((address: string, hop: number) => boolean) {
  if (typeof setting === "string") return setting;
  return setting === 0 ? false : (_address, hop) => hop < setting;
}
