/**
 * A mobile number as a log line shows it: the prefix and the last 4 digits, enough for support
 * to match a member who calls about a lock, too little to name the member to whoever reads logs.
 */
export function maskedNumber(prefix: string, phone: string): string {
  return `${prefix}-${"*".repeat(Math.max(0, phone.length - 4))}${phone.slice(-4)}`;
}
