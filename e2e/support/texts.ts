import {
  ERROR_MESSAGES,
  type ErrorCodeValue,
  MEMBER_CHECK_MESSAGES,
  type MemberCheckAlertCode,
} from "@hcoins/domain/codes";
import type { Language } from "@hcoins/domain/languages";
import { findRegion, UNSUBSCRIBE_REASONS } from "@hcoins/domain/profile-options";
import enCommon from "../../apps/web/src/locales/en/common.json" with { type: "json" };
import enCoins from "../../apps/web/src/locales/en/lazy/coins.json" with { type: "json" };
import enMenu from "../../apps/web/src/locales/en/lazy/menu.json" with { type: "json" };
import enReferrals from "../../apps/web/src/locales/en/lazy/referrals.json" with { type: "json" };
import enRewards from "../../apps/web/src/locales/en/lazy/rewards.json" with { type: "json" };
import enVouchers from "../../apps/web/src/locales/en/lazy/vouchers.json" with { type: "json" };
import enLogin from "../../apps/web/src/locales/en/login.json" with { type: "json" };
import enPassword from "../../apps/web/src/locales/en/password.json" with { type: "json" };
import enProfile from "../../apps/web/src/locales/en/profile.json" with { type: "json" };
import enQrcode from "../../apps/web/src/locales/en/qrcode.json" with { type: "json" };
import enRegister from "../../apps/web/src/locales/en/register.json" with { type: "json" };
import enResetPassword from "../../apps/web/src/locales/en/resetPassword.json" with { type: "json" };
import enSubscription from "../../apps/web/src/locales/en/subscription.json" with { type: "json" };
import scCommon from "../../apps/web/src/locales/sc/common.json" with { type: "json" };
import scCoins from "../../apps/web/src/locales/sc/lazy/coins.json" with { type: "json" };
import scMenu from "../../apps/web/src/locales/sc/lazy/menu.json" with { type: "json" };
import scReferrals from "../../apps/web/src/locales/sc/lazy/referrals.json" with { type: "json" };
import scRewards from "../../apps/web/src/locales/sc/lazy/rewards.json" with { type: "json" };
import scVouchers from "../../apps/web/src/locales/sc/lazy/vouchers.json" with { type: "json" };
import scLogin from "../../apps/web/src/locales/sc/login.json" with { type: "json" };
import scPassword from "../../apps/web/src/locales/sc/password.json" with { type: "json" };
import scProfile from "../../apps/web/src/locales/sc/profile.json" with { type: "json" };
import scQrcode from "../../apps/web/src/locales/sc/qrcode.json" with { type: "json" };
import scRegister from "../../apps/web/src/locales/sc/register.json" with { type: "json" };
import scResetPassword from "../../apps/web/src/locales/sc/resetPassword.json" with { type: "json" };
import scSubscription from "../../apps/web/src/locales/sc/subscription.json" with { type: "json" };
import tcCommon from "../../apps/web/src/locales/tc/common.json" with { type: "json" };
import tcCoins from "../../apps/web/src/locales/tc/lazy/coins.json" with { type: "json" };
import tcMenu from "../../apps/web/src/locales/tc/lazy/menu.json" with { type: "json" };
import tcReferrals from "../../apps/web/src/locales/tc/lazy/referrals.json" with { type: "json" };
import tcRewards from "../../apps/web/src/locales/tc/lazy/rewards.json" with { type: "json" };
import tcVouchers from "../../apps/web/src/locales/tc/lazy/vouchers.json" with { type: "json" };
import tcLogin from "../../apps/web/src/locales/tc/login.json" with { type: "json" };
import tcPassword from "../../apps/web/src/locales/tc/password.json" with { type: "json" };
import tcProfile from "../../apps/web/src/locales/tc/profile.json" with { type: "json" };
import tcQrcode from "../../apps/web/src/locales/tc/qrcode.json" with { type: "json" };
import tcRegister from "../../apps/web/src/locales/tc/register.json" with { type: "json" };
import tcResetPassword from "../../apps/web/src/locales/tc/resetPassword.json" with { type: "json" };
import tcSubscription from "../../apps/web/src/locales/tc/subscription.json" with { type: "json" };

/**
 * What a member reads on screen, taken from the web app's own catalogues (and the
 * domain's message tables), so a journey names "the Login button" once and runs in
 * every language: `const t = texts("tc"); page.getByRole("button", { name: t("login:login") })`.
 * Keys are checked against the English catalogue at compile time; a key missing in
 * the journey's language fails the journey (an untranslated text is a bug).
 */
const catalogues = {
  en: {
    common: enCommon,
    login: enLogin,
    password: enPassword,
    profile: enProfile,
    qrcode: enQrcode,
    register: enRegister,
    resetPassword: enResetPassword,
    subscription: enSubscription,
    coins: enCoins,
    menu: enMenu,
    rewards: enRewards,
    vouchers: enVouchers,
    referrals: enReferrals,
  },
  tc: {
    common: tcCommon,
    login: tcLogin,
    password: tcPassword,
    profile: tcProfile,
    qrcode: tcQrcode,
    register: tcRegister,
    resetPassword: tcResetPassword,
    subscription: tcSubscription,
    coins: tcCoins,
    menu: tcMenu,
    rewards: tcRewards,
    vouchers: tcVouchers,
    referrals: tcReferrals,
  },
  sc: {
    common: scCommon,
    login: scLogin,
    password: scPassword,
    profile: scProfile,
    qrcode: scQrcode,
    register: scRegister,
    resetPassword: scResetPassword,
    subscription: scSubscription,
    coins: scCoins,
    menu: scMenu,
    rewards: scRewards,
    vouchers: scVouchers,
    referrals: scReferrals,
  },
} as const;

type Catalogue = (typeof catalogues)["en"];
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? `${K}.${Paths<T[K]>}` : never;
}[keyof T & string];
export type TextKey = { [N in keyof Catalogue & string]: `${N}:${Paths<Catalogue[N]>}` }[keyof Catalogue &
  string];

export type Texts = ((key: TextKey, values?: Record<string, string | number>) => string) & {
  language: Language;
  /** A §8 / contract error text by error_code (e.g. 4290 → the 15-minute text). */
  error(code: ErrorCodeValue): string;
  /** A CheckPhone alert (40002, 40005, 40006). */
  memberCheck(code: MemberCheckAlertCode): string;
  /** A region's or district's name, by code. */
  place(regionCode: string, districtCode?: string): string;
  /** The six unsubscribe reasons, in screen order. */
  reasons(): string[];
};

export function texts(language: Language): Texts {
  const lookup = (key: TextKey, values: Record<string, string | number> = {}) => {
    const [namespace, path] = key.split(":") as [keyof Catalogue, string];
    let node: unknown = catalogues[language][namespace];
    for (const part of path.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") throw new Error(`no ${language} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
  };
  return Object.assign(lookup, {
    language,
    error: (code: ErrorCodeValue) => ERROR_MESSAGES[code][language],
    memberCheck: (code: MemberCheckAlertCode) => MEMBER_CHECK_MESSAGES[code][language],
    place(regionCode: string, districtCode?: string) {
      const region = findRegion(regionCode);
      if (!region) throw new Error(`unknown region ${regionCode}`);
      if (!districtCode) return region.name[language];
      const district = region.districts.find((item) => item.code === districtCode);
      if (!district) throw new Error(`unknown district ${districtCode}`);
      return district.name[language];
    },
    reasons: () => UNSUBSCRIBE_REASONS.map((reason) => reason.label[language]),
  });
}

/** Exact, whole-string match for labels and names: "Email" must not find "Email address". */
// Any run of spaces matches any other: the app writes "H\u00a0Coins", accessible names come with plain spaces.
export const exactly = (text: string) =>
  new RegExp(`^\\s*${escapeRegExp(text).replace(/\s+/g, "\\s+")}\\s*$`);

/** A text with numbers in it ("Resend ({{seconds}} s)") as a pattern that accepts any number there. */
export function textPattern(t: Texts, key: TextKey, names: string[]): RegExp {
  const marker = "\u0000";
  const values = Object.fromEntries(names.map((name) => [name, marker]));
  return new RegExp(escapeRegExp(t(key, values)).split(marker).join("\\d+"));
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
