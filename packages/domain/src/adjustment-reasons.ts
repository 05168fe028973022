import type { LocalizedText } from "./languages.ts";

/**
 * Why an operator moved a member's coins, as the member reads it. The operator picks one of these
 * codes; only the code goes on the coin scheme's ledger (its `reason`), so neither the scheme nor
 * the member ever holds the operator's internal note. The list is what a Hong Kong retail
 * programme's contact centre settles day to day: a purchase the till did not credit (the member
 * forgot to show their QR code), a purchase credited wrongly, a promotion's coins not given, a
 * returned purchase, a system fault, a service failure made good, a goodwill gesture.
 */
export const ADJUSTMENT_REASONS = [
  "goodwill",
  "missedPurchase",
  "purchaseCorrection",
  "missedPromotion",
  "returnedPurchase",
  "serviceRecovery",
  "systemError",
  "other",
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const ADJUSTMENT_REASON_TEXT: Record<AdjustmentReason, LocalizedText> = {
  goodwill: { en: "Goodwill", tc: "客戶關懷贈送", sc: "客户关怀赠送" },
  missedPurchase: {
    en: "Purchase not credited at the till",
    tc: "補回消費所得 H Coins",
    sc: "补发消费所得 H Coins",
  },
  purchaseCorrection: { en: "Correction of a purchase", tc: "消費記錄更正", sc: "消费记录更正" },
  missedPromotion: { en: "Missed promotion", tc: "補回推廣獎賞", sc: "补发促销奖励" },
  returnedPurchase: { en: "Returned purchase", tc: "退貨調整", sc: "退货调整" },
  serviceRecovery: { en: "Service recovery", tc: "服務補償", sc: "服务补偿" },
  systemError: { en: "Correction of a system error", tc: "系統錯誤更正", sc: "系统错误更正" },
  other: { en: "Adjustment by customer service", tc: "客戶服務調整", sc: "客户服务调整" },
};

/**
 * What a member reads for an adjustment made before the list existed: its free text was typed for
 * operators ("test below zero", ticket numbers) and is never shown to the member.
 */
export const GENERIC_ADJUSTMENT_TEXT: LocalizedText = {
  en: "H Coins adjustment",
  tc: "H Coins 調整",
  sc: "H Coins 调整",
};

export const isAdjustmentReason = (text: string): text is AdjustmentReason =>
  (ADJUSTMENT_REASONS as readonly string[]).includes(text);

/** The member-facing text of a ledger entry's reason: the code's text, or the generic one. */
export const memberFacingReason = (ledgerReason: string): LocalizedText =>
  isAdjustmentReason(ledgerReason) ? ADJUSTMENT_REASON_TEXT[ledgerReason] : GENERIC_ADJUSTMENT_TEXT;
