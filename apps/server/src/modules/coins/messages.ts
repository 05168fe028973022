import type { LocalizedText } from "@hcoins/domain/languages";

/**
 * What a member reads about H Coins, in the three languages. The calls send all
 * three (`msg_en`, `msg_tc`, `msg_sc`) and `message` in the request's language.
 */
export const COIN_MESSAGES = {
  // hcoin-check-linked
  linkedToYou: {
    en: "Your membership is linked to your H Coins account.",
    tc: "你的會籍已連結 H Coins 帳戶。",
    sc: "您的会籍已关联 H Coins 账户。",
  },
  linkedToOther: {
    en: "The H Coins account of this mobile number is linked to another member. Please contact customer service.",
    tc: "此手提電話號碼的 H Coins 帳戶已連結至另一位會員，請聯絡客戶服務部。",
    sc: "该手机号码的 H Coins 账户已关联至另一位会员，请联系客服。",
  },
  // Product spec section 8, for a number that is already linked when someone tries to register it.
  registered: {
    en: "This mobile number has been registered, please login or contact customer service.",
    tc: "此手提電話號碼已被登記，請登入或聯絡客戶服務部。",
    sc: "该手机号码已被注册，请登录或联系客服。",
  },
  accountExists: {
    en: "This mobile number has an H Coins account. It will be linked to your membership.",
    tc: "此手提電話號碼已有 H Coins 帳戶，將與你的會籍連結。",
    sc: "该手机号码已有 H Coins 账户，将与您的会籍关联。",
  },
  noAccount: {
    en: "This mobile number has no H Coins account yet. One will be opened for you.",
    tc: "此手提電話號碼尚未有 H Coins 帳戶，我們將為你開立。",
    sc: "该手机号码尚未有 H Coins 账户，我们将为您开通。",
  },
  unavailable: {
    en: "We cannot reach the H Coins service at the moment. Please try again later.",
    tc: "暫時未能連接 H Coins 服務，請稍後再試。",
    sc: "暂时无法连接 H Coins 服务，请稍后再试。",
  },
  // link-hcoin-2 and hcoin-create
  linked: {
    en: "Your membership is now linked to your H Coins account.",
    tc: "你的會籍已成功連結 H Coins 帳戶。",
    sc: "您的会籍已成功关联 H Coins 账户。",
  },
  created: {
    en: "Your H Coins account has been opened and linked to your membership.",
    tc: "你的 H Coins 帳戶已開立，並已連結你的會籍。",
    sc: "您的 H Coins 账户已开通，并已关联您的会籍。",
  },
  noAccountToLink: {
    en: "There is no H Coins account for your mobile number, so there is nothing to link yet.",
    tc: "你的手提電話號碼沒有 H Coins 帳戶，暫時未能連結。",
    sc: "您的手机号码没有 H Coins 账户，暂时无法关联。",
  },
  memberLinkedElsewhere: {
    en: "Your membership is already linked to a different H Coins account. Please contact customer service.",
    tc: "你的會籍已連結另一個 H Coins 帳戶，請聯絡客戶服務部。",
    sc: "您的会籍已关联另一个 H Coins 账户，请联系客服。",
  },
  refused: {
    en: "The H Coins service could not complete your request. Please try again later or contact customer service.",
    tc: "H Coins 服務未能完成你的要求，請稍後再試或聯絡客戶服務部。",
    sc: "H Coins 服务未能完成您的请求，请稍后再试或联系客服。",
  },
  // hcoin-check-is-duplicate-reg
  hcoinsLinked: {
    en: "The H Coins account of this mobile number is already linked to a member. Please login or contact customer service.",
    tc: "此手提電話號碼的 H Coins 帳戶已連結至一位會員，請登入或聯絡客戶服務部。",
    sc: "该手机号码的 H Coins 账户已关联至一位会员，请登录或联系客服。",
  },
} satisfies Record<string, LocalizedText>;

export type CoinMessageKey = keyof typeof COIN_MESSAGES;

/** `msg_en`, `msg_tc`, `msg_sc` of a message. */
export function messageFields(key: CoinMessageKey) {
  const text = COIN_MESSAGES[key];
  return { msg_en: text.en, msg_tc: text.tc, msg_sc: text.sc };
}
