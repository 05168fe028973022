import { isIPv4, isIPv6 } from "node:net";

/**
 * The network block a client address belongs to, for the per-network SMS limit: an IPv4 /24,
 * an IPv6 /64 (one customer's block: a host picks any address inside its /64 at will). An
 * IPv4-mapped IPv6 address (::ffff:a.b.c.d) is its IPv4 address. Anything else is its own block.
 */
export function networkBlock(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `${v4.split(".").slice(0, 3).join(".")}.0/24`;
  const bare = address.split("%")[0] ?? address;
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":").flatMap(embeddedIPv4));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/** A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) as its two hex groups. */
function embeddedIPv4(group: string): string[] {
  if (!group.includes(".")) return [group];
  const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}
