import type { LocalizedText } from "@hcoins/domain/languages";
import { EnvelopeError, type ErrorEnvelope } from "@hcoins/server-kit/error-envelope";

/**
 * The scheme's own error codes. Its API answers failures in the same envelope as the
 * member server (`{code, error_code, error_message, payload}`); 4000, 4010, 4030, 4040, 4299 and
 * 5030 mean what they mean there, the 60xx codes are the scheme's.
 */
export const SchemeErrorCode = {
  validation: 4000,
  unauthenticated: 4010,
  forbidden: 4030,
  notFound: 4040,
  rateLimited: 4299,
  serviceUnavailable: 5030,
  qrExpired: 6001,
  qrFromFuture: 6002,
  unknownMember: 6003,
  accountNotFound: 6004,
  receiptNotFound: 6005,
  receiptConflict: 6009,
  accountLinkedToAnotherMember: 6010,
  memberLinkedToAnotherAccount: 6011,
  velocityLimit: 6012,
  birthMonthLocked: 6013,
  unknownStore: 6014,
  receiptFullyRefunded: 6015,
  refundExceedsRemaining: 6016,
  storeNotBoundToKey: 6017,
  insufficientBalance: 6018,
  qrRequired: 6019,
  rewardNotFound: 6020,
  rewardNotAvailable: 6021,
  rewardOutOfStock: 6022,
  rewardLimitReached: 6023,
  voucherNotFound: 6024,
  voucherUsed: 6025,
  voucherExpired: 6026,
  voucherCancelled: 6027,
  voucherNotValidAtStore: 6028,
  tillKeyNameTaken: 6029,
  tillKeyNotFound: 6030,
  tillKeyRevoked: 6031,
  /** Redeeming while a refund has left the balance below zero. */
  balanceNegative: 6032,
  /** The account is suspended (its member was disabled): no earning, no voucher use, no goodwill. */
  accountSuspended: 6033,
  /** The account is not linked to the member a call names (another's, or unlinked: erased). */
  accountNotLinkedToMember: 6034,
  campaignNotFound: 6040,
  /** The campaign's status does not allow the change (an active one edited, an ended one activated). */
  campaignStatus: 6041,
  /** A campaign is activated by a second operator: neither the one asking nor the one who wrote it. */
  campaignApproverNotSecond: 6042,
  /** A tier names a reward the catalogue does not hold. */
  tierRewardNotFound: 6050,
  /** A new ladder leaves out a tier members hold. */
  tierHeld: 6051,
  /** An operator sets an account in a tier the ladder does not have. */
  tierNotFound: 6052,
  /** The reward is some tier's, and the account is below that tier. */
  rewardForHigherTier: 6053,
  /** Referral settings naming a reward the catalogue does not have. */
  referralRewardUnknown: 6060,
  /** The referred account has a referral recorded from another referrer already. */
  referralConflict: 6061,
  /** No segment has this id. */
  segmentNotFound: 6070,
  /** A campaign that has not ended, or an active reward, names the segment. */
  segmentInUse: 6071,
  /** The reward is a segment's, and the account is not in that segment. */
  rewardForSegment: 6072,
  /** No mission has this id. */
  missionNotFound: 6080,
  /** The mission's status does not allow the change (an active one edited, an ended one activated). */
  missionStatus: 6081,
  /** A mission is activated by a second operator: neither the one asking nor the one who wrote it. */
  missionApproverNotSecond: 6082,
  /** A mission names a reward the catalogue does not hold. */
  missionRewardNotFound: 6083,
} as const;
export type SchemeErrorCodeValue = (typeof SchemeErrorCode)[keyof typeof SchemeErrorCode];

/** The HTTP status each error code answers with (a client checking an answer reads it here). */
export const SCHEME_ERROR_STATUS: Record<SchemeErrorCodeValue, number> = {
  4000: 400,
  4010: 401,
  4030: 403,
  4040: 404,
  4299: 429,
  5030: 503,
  6001: 422,
  6002: 422,
  6003: 404,
  6004: 404,
  6005: 404,
  6009: 409,
  6010: 409,
  6011: 409,
  6012: 429,
  6013: 409,
  6014: 422,
  6015: 409,
  6016: 422,
  6017: 403,
  6018: 422,
  6019: 403,
  6020: 404,
  6021: 409,
  6022: 409,
  6023: 409,
  6024: 404,
  6025: 409,
  6026: 409,
  6027: 409,
  6028: 403,
  6029: 409,
  6030: 404,
  6031: 409,
  6032: 422,
  6033: 409,
  6034: 409,
  6040: 404,
  6041: 409,
  6042: 403,
  6050: 422,
  6051: 409,
  6052: 404,
  6053: 403,
  6060: 422,
  6061: 409,
  6070: 404,
  6071: 409,
  6072: 403,
  6080: 404,
  6081: 409,
  6082: 403,
  6083: 422,
};

export const SCHEME_ERROR_MESSAGES: Record<SchemeErrorCodeValue, LocalizedText> = {
  4000: { en: "The request is invalid.", tc: "請求無效。", sc: "请求无效。" },
  4010: {
    en: "A valid API key is required (X-Api-Key header).",
    tc: "需要有效的 API 金鑰（X-Api-Key 標頭）。",
    sc: "需要有效的 API 密钥（X-Api-Key 请求头）。",
  },
  4030: {
    en: "This API key may not make this call.",
    tc: "此 API 金鑰無權執行此操作。",
    sc: "此 API 密钥无权执行此操作。",
  },
  4040: { en: "There is no such call.", tc: "沒有此 API 呼叫。", sc: "没有此 API 调用。" },
  4299: {
    en: "Too many calls from this key: please wait and try again.",
    tc: "此金鑰的請求過於頻繁，請稍後再試。",
    sc: "此密钥的请求过于频繁，请稍后再试。",
  },
  5030: {
    en: "The H Coins service is temporarily unavailable, please try again later.",
    tc: "H Coins 服務暫時未能使用，請稍後再試。",
    sc: "H Coins 服务暂时不可用，请稍后再试。",
  },
  6001: {
    en: "The member QR code has expired. Please ask the member to refresh it.",
    tc: "會員 QR Code 已過期，請會員重新整理。",
    sc: "会员二维码已过期，请会员刷新。",
  },
  6002: {
    en: "The member QR code's time is in the future. Please check the till's clock.",
    tc: "會員 QR Code 的時間未到，請檢查收銀機的時鐘。",
    sc: "会员二维码的时间超前，请检查收银机的时钟。",
  },
  6003: {
    en: "This member QR code does not belong to a member of the H Coins scheme.",
    tc: "此會員 QR Code 不屬於 H Coins 計劃的會員。",
    sc: "此会员二维码不属于 H Coins 计划的会员。",
  },
  6004: {
    en: "There is no such H Coins account.",
    tc: "沒有此 H Coins 帳戶。",
    sc: "没有此 H Coins 账户。",
  },
  6005: {
    en: "No purchase with this store code and receipt number earned H Coins.",
    tc: "此店鋪編號及收據號碼沒有賺取 H Coins 的消費紀錄。",
    sc: "此门店编号及收据号码没有赚取 H Coins 的消费记录。",
  },
  6009: {
    en: "This receipt number has already been used for a different member or amount.",
    tc: "此收據號碼已用於另一位會員或另一金額。",
    sc: "此收据号码已用于另一位会员或另一金额。",
  },
  6010: {
    en: "This H Coins account is linked to another member.",
    tc: "此 H Coins 帳戶已連結至另一位會員。",
    sc: "此 H Coins 账户已关联至另一位会员。",
  },
  6011: {
    en: "This member is already linked to a different H Coins account.",
    tc: "此會員已連結至另一個 H Coins 帳戶。",
    sc: "此会员已关联至另一个 H Coins 账户。",
  },
  6012: {
    en: "Too many purchases in a short time: the H Coins limit is reached. Please try again later or contact the programme.",
    tc: "短時間內消費次數過多，已達 H Coins 上限。請稍後再試或聯絡計劃。",
    sc: "短时间内消费次数过多，已达 H Coins 上限。请稍后再试或联系计划。",
  },
  6013: {
    en: "The member's birth month is already recorded and cannot change.",
    tc: "會員的出生月份已記錄，不能更改。",
    sc: "会员的出生月份已记录，不能更改。",
  },
  6014: {
    en: "This store code is not a store of the H Coins scheme.",
    tc: "此店鋪編號不屬於 H Coins 計劃的店鋪。",
    sc: "此门店编号不属于 H Coins 计划的门店。",
  },
  6015: {
    en: "This receipt has already been refunded in full.",
    tc: "此收據已全數退款。",
    sc: "此收据已全额退款。",
  },
  6016: {
    en: "The refund is more than what remains of this receipt.",
    tc: "退款金額超過此收據的餘額。",
    sc: "退款金额超过此收据的余额。",
  },
  6017: {
    en: "This till key may not earn or refund at this store.",
    tc: "此收銀機金鑰不可於此店鋪賺取或退回 H Coins。",
    sc: "此收银机密钥不可在此门店赚取或退回 H Coins。",
  },
  6018: {
    en: "The account does not have enough H Coins for this.",
    tc: "帳戶的 H Coins 不足。",
    sc: "账户的 H Coins 不足。",
  },
  6019: {
    en: "A till reads only the account behind a member QR code it scanned.",
    tc: "收銀機只可查閱其掃描的會員 QR Code 所屬帳戶。",
    sc: "收银机只可查阅其扫描的会员二维码所属账户。",
  },
  6020: {
    en: "There is no such reward.",
    tc: "沒有此禮遇。",
    sc: "没有此礼遇。",
  },
  6021: {
    en: "This reward cannot be redeemed now: it is inactive or outside its redemption period.",
    tc: "此禮遇現時未能換領：禮遇已停用或不在換領期內。",
    sc: "此礼遇目前无法兑换：礼遇已停用或不在兑换期内。",
  },
  6022: {
    en: "This reward is out of stock.",
    tc: "此禮遇已換完。",
    sc: "此礼遇已兑完。",
  },
  6023: {
    en: "The member has redeemed this reward as many times as one member may.",
    tc: "會員已達此禮遇的換領上限。",
    sc: "会员已达到此礼遇的兑换上限。",
  },
  6024: {
    en: "There is no voucher with this code.",
    tc: "沒有此編號的禮券。",
    sc: "没有此编号的礼券。",
  },
  6025: {
    en: "This voucher has already been used.",
    tc: "此禮券已被使用。",
    sc: "此礼券已被使用。",
  },
  6026: {
    en: "This voucher has expired.",
    tc: "此禮券已過期。",
    sc: "此礼券已过期。",
  },
  6027: {
    en: "This voucher has been cancelled.",
    tc: "此禮券已被取消。",
    sc: "此礼券已被取消。",
  },
  6028: {
    en: "This voucher cannot be used at this store.",
    tc: "此禮券不可於此店鋪使用。",
    sc: "此礼券不可在此门店使用。",
  },
  6029: {
    en: "A till key with this name exists already: choose another name, or revoke that key first.",
    tc: "已有同名的收銀機金鑰：請另選名稱，或先撤銷該金鑰。",
    sc: "已有同名的收银机密钥：请另选名称，或先撤销该密钥。",
  },
  6030: {
    en: "There is no such till key.",
    tc: "沒有此收銀機金鑰。",
    sc: "没有此收银机密钥。",
  },
  6031: {
    en: "This till key has been revoked and cannot be changed.",
    tc: "此收銀機金鑰已撤銷，不能更改。",
    sc: "此收银机密钥已撤销，不能更改。",
  },
  6032: {
    en: "The account's balance is below zero after a refund: it redeems nothing until the coins it earns bring the balance back to zero.",
    tc: "帳戶因退款而結餘低於零：須待賺取的 H Coins 令結餘回復至零或以上，方可再換領禮遇。",
    sc: "账户因退款而余额低于零：须待赚取的 H Coins 使余额恢复至零或以上，方可再兑换礼遇。",
  },
  6033: {
    en: "This member's H Coins account is suspended: no coins can be earned and no vouchers used. The member should contact customer service.",
    tc: "此會員的 H Coins 帳戶已暫停：不能賺取 H Coins，亦不能使用禮券。請會員聯絡客戶服務。",
    sc: "此会员的 H Coins 账户已暂停：不能赚取 H Coins，也不能使用礼券。请会员联系客户服务。",
  },
  6034: {
    en: "This H Coins account is not linked to this member.",
    tc: "此 H Coins 帳戶並非連結至此會員。",
    sc: "此 H Coins 账户并非关联至此会员。",
  },
  6040: {
    en: "No such campaign.",
    tc: "沒有此推廣活動。",
    sc: "没有此推广活动。",
  },
  6041: {
    en: "The campaign's status does not allow this: only a draft or a paused campaign can be edited or activated, and an ended one never again.",
    tc: "推廣活動的狀態不容許此操作：只有草稿或已暫停的活動可以修改或啟用，已結束的活動不能再啟用。",
    sc: "推广活动的状态不允许此操作：只有草稿或已暂停的活动可以修改或启用，已结束的活动不能再启用。",
  },
  6042: {
    en: "A campaign is activated by a second operator: not the one who asked, nor the one who wrote it.",
    tc: "推廣活動須由另一位操作員啟用：不能是提出申請或撰寫活動的操作員。",
    sc: "推广活动须由另一位操作员启用：不能是提出申请或撰写活动的操作员。",
  },
  6050: {
    en: "A tier names a reward the catalogue does not have.",
    tc: "有會員級別指定的禮遇不在禮遇目錄內。",
    sc: "有会员级别指定的礼遇不在礼遇目录内。",
  },
  6051: {
    en: "Members hold a tier the new ladder leaves out: keep it until they have moved to another tier.",
    tc: "新的級別階梯缺少現有會員所屬的級別：請保留該級別，直至會員轉往其他級別。",
    sc: "新的级别阶梯缺少现有会员所属的级别：请保留该级别，直至会员转往其他级别。",
  },
  6053: {
    en: "This reward is for members of a higher tier.",
    tc: "此禮遇只供較高會員級別的會員換領。",
    sc: "此礼遇只供较高会员级别的会员兑换。",
  },
  6052: {
    en: "There is no such tier.",
    tc: "沒有此會員級別。",
    sc: "没有此会员级别。",
  },
  6060: {
    en: "The referral reward is not in the rewards catalogue.",
    tc: "推薦獎賞不在禮遇目錄內。",
    sc: "推荐奖赏不在礼遇目录内。",
  },
  6061: {
    en: "This member's referral was already recorded with another referrer.",
    tc: "此會員的推薦已由另一位推薦人記錄。",
    sc: "此会员的推荐已由另一位推荐人记录。",
  },
  6070: {
    en: "There is no such segment.",
    tc: "沒有此會員組別。",
    sc: "没有此会员组别。",
  },
  6071: {
    en: "A campaign or an active reward uses this segment: end the campaign or remove its segment condition, and give the reward to everyone or another segment, first.",
    tc: "有推廣活動或生效中的禮遇正使用此會員組別：請先結束該活動或移除其會員組別條件，並把禮遇改為供所有會員或另一會員組別換領。",
    sc: "有推广活动或生效中的礼遇正使用此会员组别：请先结束该活动或移除其会员组别条件，并把礼遇改为供所有会员或另一会员组别兑换。",
  },
  6072: {
    en: "This reward is for selected members only.",
    tc: "此禮遇只供指定會員換領。",
    sc: "此礼遇只供指定会员兑换。",
  },
  6080: {
    en: "No such mission.",
    tc: "沒有此集印任務。",
    sc: "没有此集印任务。",
  },
  6081: {
    en: "The mission's status does not allow this: only a draft or a paused mission can be edited or activated, and an ended one never again.",
    tc: "集印任務的狀態不容許此操作：只有草稿或已暫停的任務可以修改或啟用，已結束的任務不能再啟用。",
    sc: "集印任务的状态不允许此操作：只有草稿或已暂停的任务可以修改或启用，已结束的任务不能再启用。",
  },
  6082: {
    en: "A mission is activated by a second operator: not the one who asked, nor the one who wrote it.",
    tc: "集印任務須由另一位操作員啟用：不能是提出申請或撰寫任務的操作員。",
    sc: "集印任务须由另一位操作员启用：不能是提出申请或撰写任务的操作员。",
  },
  6083: {
    en: "The mission's reward is not in the rewards catalogue.",
    tc: "集印任務的禮遇不在禮遇目錄內。",
    sc: "集印任务的礼遇不在礼遇目录内。",
  },
};

/** A failure the scheme reports to its API client. */
export class SchemeError extends EnvelopeError {
  declare readonly errorCode: SchemeErrorCodeValue;

  constructor(errorCode: SchemeErrorCodeValue, details: Record<string, unknown> = {}) {
    super(
      errorCode,
      SCHEME_ERROR_STATUS[errorCode],
      details,
      `${SCHEME_ERROR_MESSAGES[errorCode].en} (${errorCode})`,
    );
  }
}

export const schemeValidationError = (field: string, rule: string) =>
  new SchemeError(SchemeErrorCode.validation, { errors: [{ field, rule }] });

/** How the scheme's failures answer: its routes' error handler, and the standalone scheme's whole server. */
export const SCHEME_ENVELOPE: ErrorEnvelope<SchemeErrorCodeValue> = {
  errorClass: SchemeError,
  messages: SCHEME_ERROR_MESSAGES,
  codes: {
    validation: SchemeErrorCode.validation,
    notFound: SchemeErrorCode.notFound,
    serviceUnavailable: SchemeErrorCode.serviceUnavailable,
    rateLimited: SchemeErrorCode.rateLimited,
  },
};
