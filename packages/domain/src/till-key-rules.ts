/*
 * The rules of a till key an operator makes: its name (how the coin scheme's ledger names the
 * till) and the stores it is bound to. One source for the scheme, the member server, the CLI
 * and the console's form; each answers the first rule broken, or null.
 */

/** As a COIN_SCHEME_API_KEYS client name: letters, digits, . _ - (no space, comma or colon). */
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** As the scheme's store codes. */
const STORE_CODE = /^[A-Za-z0-9_-]{1,32}$/;
export const MAX_TILL_KEY_STORES = 100;

export function tillKeyNameRule(name: string): "required" | "tillKeyName" | null {
  if (name.trim() === "") return "required";
  return NAME.test(name) ? null : "tillKeyName";
}

export function tillKeyStoresRule(stores: readonly string[]): "required" | "storeCode" | "tooMany" | null {
  if (stores.length === 0) return "required";
  if (stores.some((code) => !STORE_CODE.test(code))) return "storeCode";
  return new Set(stores).size > MAX_TILL_KEY_STORES ? "tooMany" : null;
}

/** The codes without blanks or repeats, in the order given. */
export const tillKeyStores = (stores: readonly string[]) => [
  ...new Set(stores.map((code) => code.trim()).filter(Boolean)),
];
