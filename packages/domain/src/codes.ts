import type { LocalizedText } from "./languages.ts";

/** The `error_code` values of the API contract's failure envelope. */
export const ErrorCode = {
  validation: 4000,
  unauthenticated: 4010,
  smsCodeInvalid: 4201,
  smsTooSoon: 4203,
  smsTooMany: 4204,
  /** The deployment's SMS budget for the hour (SMS_TOTAL_HOURLY_LIMIT) is spent. */
  smsBudgetReached: 4208,
  loginFailed: 5000,
  loginLocked: 4290,
  accountDisabled: 4202,
  oldPasswordIncorrect: 4205,
  passwordAlreadySet: 4206,
  alreadyRegistered: 4009,
  notFound: 4040,
  rateLimited: 4299,
  bodyTooLarge: 4130,
  passwordTooCommon: 4207,
  serviceUnavailable: 5030,
  emailTaken: 40010,
  /** Redeeming: the password given as the step-up proof is wrong (with attempts_remaining). */
  stepUpPasswordIncorrect: 4230,
  /**
   * Redeeming: no redeeming code can be sent now (the member's own hourly allowance of them,
   * SMS_REDEEM_HOURLY_LIMIT, their address's or the deployment's SMS limits); the member can
   * confirm with the password instead. With retry_after_seconds.
   */
  redeemCodeRefused: 4237,
  /** Redeeming: the member's balance is below the reward's price. */
  coinsInsufficient: 4231,
  /** Redeeming: no units left. */
  rewardOutOfStock: 4232,
  /** Redeeming: the reward is inactive, or its redemption window has not opened or has closed. */
  rewardNotAvailable: 4233,
  /** Redeeming: the member holds as many of this reward as one member may. */
  rewardLimitReached: 4234,
  /** The member's number has no H Coins account linked to them yet. */
  coinAccountNotLinked: 4235,
  /** Redeeming: a refund left the balance below zero; the coins earned next repay it first. */
  coinsBalanceNegative: 4236,
  /** Redeeming: the reward is for members of a tier above the member's. */
  rewardForHigherTier: 4310,
  /** Redeeming: the reward is for a segment of members the member is not in. */
  rewardForSegment: 4311,
  /** Signed in, but the role lacks the permission (the console). */
  forbidden: 4030,
  /** Console: a state-changing call without the session's CSRF token. */
  csrfInvalid: 4031,
  /** Console: the sign-in link is unknown, used or expired. */
  invitationInvalid: 4240,
  /** Console: email, password or authenticator code wrong (one answer), with attempts_remaining. */
  signInFailed: 4241,
  /** Console: the operator is disabled. */
  operatorDisabled: 4242,
  /** Console: an administrator tried to disable their own account. */
  operatorSelfDisable: 4250,
  /** Console: the last active administrator cannot be disabled (nobody could administer the console). */
  lastAdministrator: 4251,
  /** Console: the adjustment would take the operator past their daily total (`remaining`, `daily_total`). */
  operatorDailyTotalReached: 4252,
  /** Console: the adjustment would take the operator's role past its daily total (`remaining`, `daily_total`). */
  roleDailyTotalReached: 4253,
  /** Console: nobody approves or rejects their own request. */
  ownApprovalRequest: 4254,
  /** Console: the approval request was decided already or has expired. */
  approvalRequestClosed: 4255,
  /** Console: an idempotency key sent again with another request (another adjustment, voucher, reward or member). */
  idempotencyKeyReused: 4256,
  /** Console: the first call with this idempotency key is still under way. */
  idempotencyKeyInProgress: 4261,
  /** Console: a bulk adjustment's list has refused lines (`lines`: line, member_no, rule); nothing stored. */
  bulkLinesInvalid: 4284,
  /** Console: a bulk adjustment's list is longer than one request may be (`max_lines`). */
  bulkTooManyLines: 4285,
  /** Console: a bulk adjustment's text holds no line. */
  bulkListEmpty: 4286,
  /** Console: an administrator tried to change their own role or reset their own authenticator. */
  operatorSelfChange: 4275,
  /** Console: the last active administrator cannot lose the role (nobody could administer the console). */
  lastAdministratorRole: 4276,
  /** Console: adding an operator whose email names a disabled operator (with operator_id): re-enable them. */
  operatorDisabledEmail: 4277,
  /** Console: re-enabling an operator who is not disabled. */
  operatorNotDisabled: 4278,
  /** Console: a new link or authenticator for a disabled operator (re-enable them instead). */
  operatorIsDisabled: 4279,
  /** Console: the new mobile number of a number change belongs to another member. */
  mobileNumberTaken: 4267,
  /** Console: the new mobile number of a number change is blocked from registering. */
  mobileNumberBlocked: 4268,
  /** Console: the member's H Coins account cannot follow a number change (another account holds the number). */
  schemeNumberConflict: 4269,
  /** Console: the campaign's status does not allow it (only a draft or paused one is edited; an ended one is never activated). */
  campaignNotEditable: 4300,
  /** Console: an activation of this campaign is waiting for approval already. */
  campaignActivationPending: 4301,
  /** Console: the mission's status does not allow it (only a draft or paused one is edited; an ended one is never activated). */
  missionNotEditable: 4302,
  /** Console: an activation of this mission is waiting for approval already. */
  missionActivationPending: 4303,
  /** Console: a campaign that has not ended, or an active reward, names the segment. */
  segmentInUse: 4304,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_HTTP_STATUS: Record<ErrorCodeValue, number> = {
  4000: 400,
  4010: 401,
  4201: 400,
  4203: 429,
  4204: 429,
  4208: 429,
  5000: 400,
  4290: 429,
  4202: 403,
  4205: 400,
  4206: 409,
  4009: 409,
  4040: 404,
  4299: 429,
  4130: 413,
  4207: 400,
  5030: 503,
  40010: 409,
  4230: 400,
  4231: 409,
  4232: 409,
  4233: 409,
  4234: 409,
  4235: 409,
  4236: 409,
  4310: 403,
  4311: 403,
  4237: 429,
  4030: 403,
  4031: 403,
  4240: 400,
  4241: 400,
  4242: 403,
  4250: 409,
  4251: 409,
  4252: 409,
  4253: 409,
  4254: 403,
  4255: 409,
  4256: 409,
  4275: 409,
  4276: 409,
  4277: 409,
  4278: 409,
  4279: 409,
  4267: 409,
  4268: 409,
  4269: 409,
  4261: 409,
  4284: 400,
  4285: 400,
  4286: 400,
  4300: 409,
  4301: 409,
  4302: 409,
  4303: 409,
  4304: 409,
};

/** Domain codes the custom API's `/api/Member/*` calls answer with HTTP 200. */
export const MemberCheckCode = {
  mayNotRegister: 40002,
  notRegistered: 40003,
  appMemberIncomplete: 40005,
  registered: 40006,
  emailTaken: 40010,
  emailFree: 200,
} as const;
export type MemberCheckCodeValue = (typeof MemberCheckCode)[keyof typeof MemberCheckCode];

/** `status_code` of the coin scheme's link check. */
export const CoinStatus = {
  failed: -1,
  exists: 100,
  linked: 101,
  none: 999,
} as const;
export type CoinStatusValue = (typeof CoinStatus)[keyof typeof CoinStatus];

/** `code` of link-hcoin-2 and hcoin-create (HTTP 200 either way, like the Member calls). */
export const CoinCallCode = {
  ok: 200,
  /** link-hcoin-2 only: the member's number has no H Coins account (call hcoin-create). */
  noAccount: 40020,
  /** The number's H Coins account is linked to another member. */
  linkedToOther: 40021,
  /** The member is linked to a different H Coins account already. */
  memberLinkedElsewhere: 40022,
  /** The scheme timed out, could not be reached or failed; nothing changed, try again. */
  unavailable: 5030,
} as const;
export type CoinCallCodeValue = (typeof CoinCallCode)[keyof typeof CoinCallCode];

// English follows the product spec word for word where it gives a text, odd capitals included.
export const ERROR_MESSAGES: Record<ErrorCodeValue, LocalizedText> = {
  4000: {
    en: "Please check the highlighted fields.",
    tc: "請檢查已標示的欄位。",
    sc: "请检查已标出的字段。",
  },
  4010: {
    en: "Your session has expired, please log in again.",
    tc: "登入已逾時，請重新登入。",
    sc: "登录已过期，请重新登录。",
  },
  4201: {
    en: "Verification code invalid, Please try again.",
    tc: "驗證碼無效，請重試。",
    sc: "验证码无效，请重试。",
  },
  4203: {
    en: "Please wait a moment before requesting another verification code.",
    tc: "請稍候片刻再重新發送驗證碼。",
    sc: "请稍等片刻再重新发送验证码。",
  },
  4204: {
    en: "Too many verification codes requested, please try again later.",
    tc: "驗證碼發送次數過多，請稍後再試。",
    sc: "验证码发送次数过多，请稍后再试。",
  },
  4208: {
    en: "We cannot send verification codes right now because of high demand, please try again later.",
    tc: "由於需求量大，暫時未能發送驗證碼，請稍後再試。",
    sc: "由于需求量大，暂时无法发送验证码，请稍后再试。",
  },
  5000: {
    en: "Login Fail",
    tc: "登入失敗",
    sc: "登录失败",
  },
  4290: {
    en: "Too Many Failed Attempts, Please try again after 15 minutes.",
    tc: "嘗試失敗次數過多，請於15分鐘後再試。",
    sc: "尝试失败次数过多，请15分钟后再试。",
  },
  4202: {
    en: "This account is temporarily unavailable for login. Please contact customer service.",
    tc: "此帳戶暫時未能登入，請聯絡客戶服務部。",
    sc: "该账户暂时无法登录，请联系客服。",
  },
  4205: {
    en: "The old password is incorrect, please try again.",
    tc: "舊密碼不正確，請重試。",
    sc: "原密码不正确，请重试。",
  },
  4206: {
    en: "A password has already been set for this account, please use Change Password instead.",
    tc: "此帳戶已設定密碼，請改用「更改密碼」。",
    sc: "该账户已设置密码，请改用“修改密码”。",
  },
  4009: {
    en: "This mobile number has already been registered, please log in.",
    tc: "此手提電話號碼已登記為會員，請登入。",
    sc: "该手机号码已注册为会员，请登录。",
  },
  4040: {
    en: "The requested item could not be found.",
    tc: "找不到所需的資料。",
    sc: "未找到相关内容。",
  },
  4299: {
    en: "Too many requests, please try again later.",
    tc: "請求過於頻繁，請稍後再試。",
    sc: "请求过于频繁，请稍后再试。",
  },
  4130: {
    en: "The request is too large.",
    tc: "請求內容過大。",
    sc: "请求内容过大。",
  },
  4207: {
    en: "This password is too common, please choose another.",
    tc: "此密碼過於常見，請選擇另一個密碼。",
    sc: "该密码过于常见，请另选一个密码。",
  },
  5030: {
    en: "The service is temporarily unavailable, please try again later.",
    tc: "服務暫時未能使用，請稍後再試。",
    sc: "服务暂时不可用，请稍后再试。",
  },
  40010: {
    en: "The email address is already registered, Please enter another email address.",
    tc: "此電郵地址已被登記，請輸入另一個電郵地址。",
    sc: "该电子邮箱已被注册，请输入其他电子邮箱。",
  },
  4230: {
    en: "The password is incorrect, please try again.",
    tc: "密碼不正確，請重試。",
    sc: "密码不正确，请重试。",
  },
  4231: {
    en: "You do not have enough H Coins for this reward.",
    tc: "你的 H Coins 不足以換領此禮遇。",
    sc: "您的 H Coins 不足以兑换此礼遇。",
  },
  4232: {
    en: "Sorry, this reward has just run out.",
    tc: "抱歉，此禮遇剛剛已換完。",
    sc: "抱歉，此礼遇刚刚已兑完。",
  },
  4233: {
    en: "This reward is not available for redemption at the moment.",
    tc: "此禮遇現時未能換領。",
    sc: "此礼遇目前无法兑换。",
  },
  4310: {
    en: "This reward is for members of a higher tier. Your tier and the spend to reach the next are on your H Coins page.",
    tc: "此禮遇只供較高會員級別的會員換領。你的會員級別及升級所需消費載於「我的 H Coins」頁面。",
    sc: "此礼遇只供较高会员级别的会员兑换。您的会员级别及升级所需消费载于「我的 H Coins」页面。",
  },
  4311: {
    en: "This reward is for selected members only, and is no longer offered to you.",
    tc: "此禮遇只供指定會員換領，現已不再向你提供。",
    sc: "此礼遇只供指定会员兑换，现已不再向您提供。",
  },
  4234: {
    en: "You have already redeemed this reward as many times as allowed.",
    tc: "你已達此禮遇的換領上限。",
    sc: "您已达到此礼遇的兑换上限。",
  },
  4235: {
    en: "Your mobile number has no H Coins account linked yet.",
    tc: "你的手提電話號碼尚未連結 H Coins 帳戶。",
    sc: "您的手机号码尚未关联 H Coins 账户。",
  },
  4236: {
    en: "A refund has taken your H Coins balance below zero, so rewards cannot be redeemed for now. The H Coins you earn next will bring it back to zero first; vouchers you already have can still be used.",
    tc: "由於退款，你的 H Coins 結餘已低於零，暫時未能換領禮遇。你之後賺取的 H Coins 會先令結餘回復至零；你已持有的禮券仍可使用。",
    sc: "由于退款，您的 H Coins 余额已低于零，暂时无法兑换礼遇。您之后赚取的 H Coins 会先使余额恢复至零；您已持有的礼券仍可使用。",
  },
  4237: {
    en: "We cannot send another redemption code right now. You can confirm with your password instead.",
    tc: "暫時未能再發送換領驗證碼，你可改用密碼確認。",
    sc: "暂时无法再发送兑换验证码，您可改用密码确认。",
  },
  4030: {
    en: "Your role does not allow this action.",
    tc: "你的角色無權進行此操作。",
    sc: "您的角色无权进行此操作。",
  },
  4031: {
    en: "The page's security token is missing or out of date, please reload the page.",
    tc: "頁面的保安權杖缺失或已過期，請重新載入頁面。",
    sc: "页面的安全令牌缺失或已过期，请重新加载页面。",
  },
  4240: {
    en: "This sign-in link is invalid, used or expired. Please ask an administrator for a new one.",
    tc: "此登入連結無效、已使用或已過期，請向管理員索取新連結。",
    sc: "此登录链接无效、已使用或已过期，请向管理员索取新链接。",
  },
  4241: {
    en: "The email, password or authenticator code is incorrect.",
    tc: "電郵、密碼或驗證器代碼不正確。",
    sc: "电子邮箱、密码或验证器代码不正确。",
  },
  4242: {
    en: "This operator account is disabled. Please contact an administrator.",
    tc: "此操作員帳戶已停用，請聯絡管理員。",
    sc: "此操作员账户已停用，请联系管理员。",
  },
  4250: {
    en: "You cannot disable your own account. Ask another administrator.",
    tc: "你不能停用自己的帳戶，請由另一位管理員處理。",
    sc: "您不能停用自己的账户，请由另一位管理员处理。",
  },
  4251: {
    en: "This is the last active administrator: add another administrator before disabling this one.",
    tc: "這是最後一位有效的管理員：請先新增另一位管理員，再停用此帳戶。",
    sc: "这是最后一位有效的管理员：请先添加另一位管理员，再停用此账户。",
  },
  4252: {
    en: "This adjustment would take you past your daily total of coins. Ask for approval or try a smaller amount.",
    tc: "此調整會超出你今日可調整的 H Coins 總數，請申請批核或減少數量。",
    sc: "此调整会超出您今日可调整的 H Coins 总数，请申请审批或减少数量。",
  },
  4253: {
    en: "This adjustment would take your role past its daily total of coins. Ask for approval or try tomorrow.",
    tc: "此調整會超出你的角色今日可調整的 H Coins 總數，請申請批核或明日再試。",
    sc: "此调整会超出您的角色今日可调整的 H Coins 总数，请申请审批或明天再试。",
  },
  4254: {
    en: "You cannot approve or reject your own request. Another operator must decide it.",
    tc: "你不能批核或拒絕自己提出的申請，須由另一位操作員決定。",
    sc: "您不能审批或拒绝自己提出的申请，须由另一位操作员决定。",
  },
  4255: {
    en: "This request has been decided already or has expired.",
    tc: "此申請已經處理或已過期。",
    sc: "此申请已经处理或已过期。",
  },
  4256: {
    en: "This action was already sent with other details. Close the dialog and open it again.",
    tc: "此操作已以其他資料提交過。請關閉對話框後重新開啟。",
    sc: "此操作已以其他资料提交过。请关闭对话框后重新打开。",
  },
  4275: {
    en: "You cannot change your own role or reset your own authenticator. Ask another administrator.",
    tc: "你不能更改自己的角色或重設自己的驗證器，請由另一位管理員處理。",
    sc: "您不能更改自己的角色或重置自己的验证器，请由另一位管理员处理。",
  },
  4276: {
    en: "This is the last active administrator: make another operator an administrator before changing this one's role.",
    tc: "這是最後一位有效的管理員：請先將另一位操作員設為管理員，再更改此帳戶的角色。",
    sc: "这是最后一位有效的管理员：请先将另一位操作员设为管理员，再更改此账户的角色。",
  },
  4277: {
    en: "An operator with this email exists and is disabled. Re-enable them instead.",
    tc: "此電郵的操作員已存在並已停用，請改為重新啟用。",
    sc: "此电子邮箱的操作员已存在并已停用，请改为重新启用。",
  },
  4278: {
    en: "This operator is not disabled.",
    tc: "此操作員並未停用。",
    sc: "此操作员并未停用。",
  },
  4279: {
    en: "This operator is disabled. Re-enable them first.",
    tc: "此操作員已停用，請先重新啟用。",
    sc: "此操作员已停用，请先重新启用。",
  },
  4267: {
    en: "This mobile number belongs to another member.",
    tc: "此手提電話號碼已屬於另一位會員。",
    sc: "此手机号码已属于另一位会员。",
  },
  4268: {
    en: "This mobile number is blocked from registering. Lift the block first if it was a mistake.",
    tc: "此手提電話號碼已被禁止登記。如屬誤會，請先解除封鎖。",
    sc: "此手机号码已被禁止注册。如属误会，请先解除封锁。",
  },
  4269: {
    en: "The member's H Coins account cannot move to this number: another H Coins account holds it. Nothing was changed.",
    tc: "會員的 H Coins 帳戶無法轉到此號碼：另一個 H Coins 帳戶正使用此號碼。未有作出任何更改。",
    sc: "会员的 H Coins 账户无法转到此号码：另一个 H Coins 账户正在使用此号码。未作任何更改。",
  },
  4261: {
    en: "This action is still being processed. Please wait a moment and try again.",
    tc: "此操作仍在處理中，請稍候再試。",
    sc: "此操作仍在处理中，请稍候再试。",
  },
  4284: {
    en: "Some lines of the list cannot be used. Correct the lines named and send the list again; nothing was stored.",
    tc: "名單中有部分行無法使用。請更正所列的行後再提交；未有儲存任何內容。",
    sc: "名单中有部分行无法使用。请更正所列的行后再提交；未保存任何内容。",
  },
  4285: {
    en: "The list has too many lines for one request. Split it into several requests.",
    tc: "名單的行數超出單一申請的上限，請分拆為多個申請。",
    sc: "名单的行数超出单个申请的上限，请拆分为多个申请。",
  },
  4286: {
    en: "The list is empty. Paste or upload at least one line of member number and coins.",
    tc: "名單是空的。請貼上或上載最少一行會員編號及 H Coins 數量。",
    sc: "名单是空的。请粘贴或上传至少一行会员编号及 H Coins 数量。",
  },
  4300: {
    en: "This campaign cannot be changed now: only a draft or paused campaign is edited, and an ended one stays ended.",
    tc: "此推廣活動現時不能更改：只可編輯草稿或已暫停的推廣活動，已結束的推廣活動不能再啟用。",
    sc: "此推广活动现在不能更改：只能编辑草稿或已暂停的推广活动，已结束的推广活动不能再启用。",
  },
  4301: {
    en: "An activation of this campaign is already waiting for approval.",
    tc: "此推廣活動的啟用申請已在等候批核。",
    sc: "此推广活动的启用申请已在等待审批。",
  },
  4302: {
    en: "This mission cannot be changed now: only a draft or paused mission is edited, and an ended one stays ended.",
    tc: "此集印任務現時不能更改：只可編輯草稿或已暫停的任務，已結束的任務不能再啟用。",
    sc: "此集印任务现在不能更改：只能编辑草稿或已暂停的任务，已结束的任务不能再启用。",
  },
  4303: {
    en: "An activation of this mission is already waiting for approval.",
    tc: "此集印任務的啟用申請已在等候批核。",
    sc: "此集印任务的启用申请已在等待审批。",
  },
  4304: {
    en: "A campaign or an active reward uses this segment: end the campaign or remove its segment condition, and give the reward to everyone or another segment, first.",
    tc: "有推廣活動或生效中的禮遇正使用此會員組別：請先結束該活動或移除其會員組別條件，並把禮遇改為供所有會員或另一會員組別換領。",
    sc: "有推广活动或生效中的礼遇正使用此会员组别：请先结束该活动或移除其会员组别条件，并把礼遇改为供所有会员或另一会员组别兑换。",
  },
};

export type MemberCheckAlertCode = 40002 | 40003 | 40005 | 40006;

export const MEMBER_CHECK_MESSAGES: Record<MemberCheckAlertCode, LocalizedText> = {
  40002: {
    en: "Fail to register with this number, Please use other number to register",
    tc: "此號碼未能登記，請使用其他號碼登記",
    sc: "该号码无法注册，请使用其他号码注册",
  },
  40003: {
    en: "Mobile number not registered",
    tc: "手提電話號碼未登記",
    sc: "手机号码未注册",
  },
  40005: {
    en: "Existing CU APP member",
    tc: "現有 CU APP 會員",
    sc: "现有 CU APP 会员",
  },
  40006: {
    en: "Your mobile number has been registered as a member",
    tc: "你的手提電話號碼已登記為會員",
    sc: "您的手机号码已注册为会员",
  },
};

/** Every rule name a validation failure can carry in `payload.errors[].rule`; the web app translates each. */
export const VALIDATION_RULES = [
  "required",
  "invalid",
  "tooLong",
  "mobileNull",
  "mobileLength8",
  "mobileLength11",
  "mobileNotMobile",
  "prefixInvalid",
  "codeNull",
  "codeFormat",
  "emailNull",
  "emailFormat",
  "passwordNull",
  "passwordFormat",
  "passwordCommon",
  "passwordUnchanged",
  "confirmPasswordNull",
  "confirmPasswordFormat",
  "titleNull",
  "titleInvalid",
  "firstNameNull",
  "lastNameNull",
  "genderNull",
  "genderInvalid",
  "birthNull",
  "birthInvalid",
  "ageNull",
  "ageInvalid",
  "countryNull",
  "countryInvalid",
  "areaNull",
  "areaInvalid",
  "termsRequired",
  "subscriptionInvalid",
  "reasonInvalid",
  "stepUpRequired",
] as const;
export type ValidationRule = (typeof VALIDATION_RULES)[number];
