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

/**
 * What a production start logs for a count (`true` is one): the hop next to the server is then
 * believed whoever it is, so a client that reaches the server directly, not through the proxy,
 * writes its own address in X-Forwarded-For and escapes every per-client limit. The proxies'
 * addresses close that gap: only a listed peer's entries are believed. Null when none is needed.
 */
export function trustProxyWarning(setting: TrustProxySetting, variable: string): string | null {
  if (typeof setting === "string" || setting === 0) return null;
  return (
    `${variable}=${setting === 1 ? "true" : setting} believes X-Forwarded-For from any peer: a client that ` +
    "reaches this server directly, not through the proxy, names its own address and escapes the " +
    `per-client limits (SMS per client, requests per minute). Set ${variable} to the proxies' ` +
    `addresses or subnets (e.g. ${variable}=10.0.0.0/8), or let only the proxy reach this server.`
  );
}
