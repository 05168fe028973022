import type { SchemeVoucher } from "@hcoins/coin-scheme/contract";
import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";

/** The last four characters of a code (hyphens aside): what an operator reads to tell vouchers apart. */
export const codeLastFour = (code: string) => code.replace(/[^0-9A-Za-z]/g, "").slice(-4);

type ConsoleVoucher = NonNullable<ConsoleMemberDetail["coins"]>["vouchers"][number];

/**
 * A voucher as every console answer shows it: never the code, which a till accepts from whoever
 * holds it (a code copied from an operator's screen was spent), but its last four characters and
 * the scheme's id to act on it by. The full code is the audited reveal's only.
 */
export const maskedVoucher = (voucher: SchemeVoucher): ConsoleVoucher => ({
  id: voucher.id,
  code_last_four: codeLastFour(voucher.code),
  title_en: voucher.title.en,
  status: voucher.status,
  valid_until: voucher.valid_until,
  goodwill: voucher.goodwill,
});
