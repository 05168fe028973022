import { z } from "zod";
import {
  envelope,
  tillAccountResponse,
  transactionResponse,
  voucherResponse,
  voucherUseResponse,
} from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  amount,
  amountDoc,
  COIN_SCHEME_PREFIX,
  caller,
  ok,
  reasonText,
  receiptNo,
  requireStore,
  type SchemeApp,
  schemeRoute,
  storeCode,
} from "./fields.ts";

const qrText = z.string({ error: "required" }).min(1, "required").max(200, "tooLong");

const voucherCode = z.string({ error: "required" }).trim().min(1, "required").max(40, "tooLong");
const VOUCHER_REFUSALS =
  "`code` as scanned from the QR code or typed (case, spaces and hyphens do not matter). 6024 no such voucher; 6027 cancelled; 6025 used (with `used_at` and `used_store_code`); 6026 expired (with `valid_until`); 6028 not valid at this store (a voucher naming no stores is valid at every registered store, 6014 for a code that is not one); 6017 a till key at a store not its own. No mobile number is shown.";

const FAILED_LOOKUPS =
  "A till key whose QR codes found no member (6001, 6002, 6003, or no member QR code) COIN_LIMIT_TILL_FAILED_LOOKUPS_PER_MINUTE times in a minute is refused (429, 4299, `limit: tillFailedLookupsPerMinute`) for the rest of the minute, here and at POST /purchases.";

/** The tills' calls: the account behind a scanned QR code, purchases, refunds and vouchers at their stores. */
export function tillRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.post(
    `${COIN_SCHEME_PREFIX}/till/account`,
    schemeRoute("till", {
      summary: "The account behind a member QR code the till scanned: H Coins number and balance",
      description: `The code must be fresh (6001, 6002) and its member linked (6003). No mobile number is shown. The only account read a till key may make. ${FAILED_LOOKUPS}`,
      body: z.object({ qr_text: qrText }),
      response: { 200: envelope(tillAccountResponse) },
    }),
    async (request) =>
      ok(
        await scheme.tillLimits.lookUp(caller(request), request.log, () =>
          scheme.tillAccount(request.body.qr_text),
        ),
      ),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/purchases`,
    schemeRoute("till", {
      summary: "Earn H Coins for a purchase at the till",
      description: [
        "`qr_text` is the member QR code as scanned: `<member_no or id>,0,<MM>,<unix seconds>`; the member must be linked to an H Coins account (else 6003). The code is refused when older than 3 minutes (6001) or more than 1 minute in the future (6002). The store must be registered with the scheme (6014) and, for a till key, one of the key's stores (6017).",
        "Coins: 1 per whole HKD of `net_amount`; the live campaigns add the rest (`lines` says each). The programme rules first: 1 per whole HKD of `electronic_amount` at a partner-property store, added to the base; in the member's birth month (as the member server recorded it, never the QR code's MM; Hong Kong time) the birthday bonus of base × (multiplier − 1), on a holiday the holiday bonus of base × (multiplier − 1); then the tier's and the promotions' bonuses on that base (docs/coin-scheme.md, Earn rules and Campaigns).",
        "Amounts: HKD with at most two decimals, not negative (`amountNegative`), at most 1,000,000 (`amountTooLarge`); `electronic_amount` (default 0) may not exceed `net_amount` (`electronicExceedsNet`).",
        "Velocity limits (6012, HTTP 429, `limit` names which): purchases per member per Hong Kong day, net spend per member per day, purchases per till per minute.",
        FAILED_LOOKUPS,
        "A receipt (store code + receipt number) credits once: sending it again for the same member and amounts answers the first result with `duplicate: true` and the receipt's refunds so far (`receipt.fully_refunded`); for another member or amount, 6009.",
      ].join("\n\n"),
      body: z.object({
        qr_text: qrText,
        store_code: storeCode,
        receipt_no: receiptNo,
        net_amount: amount.meta(amountDoc),
        electronic_amount: amount.optional().default(0).meta(amountDoc),
      }),
      response: { 200: envelope(transactionResponse) },
    }),
    async (request) => {
      const body = request.body;
      const actor = requireStore(request, body.store_code);
      return ok(
        await scheme.tillLimits.lookUp(caller(request), request.log, () =>
          scheme.purchase({
            qrText: body.qr_text,
            storeCode: body.store_code,
            receiptNo: body.receipt_no,
            netCents: body.net_amount,
            electronicCents: body.electronic_amount,
            ...actor,
          }),
        ),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/refunds`,
    schemeRoute("till", {
      summary: "Refund all or part of a receipt: reverses the coins the amount earned",
      description: [
        "`net_amount` is what is returned (and `electronic_amount` the part of it paid electronically; by default the least that keeps the rest consistent). Without `net_amount` the refund returns what remains of the receipt.",
        "The coins reversed are what the amount earned, bonuses included, with the multipliers and partner flag of the day of the purchase; the refunds of a receipt add up to exactly what it earned. They come from the purchase's own coins first; when the member has spent them the balance may go below zero, and later coins repay it.",
        "6005 the receipt earned nothing here; 6016 more than remains (with `remaining_net_amount`); 6015 the receipt is already refunded in full; 6017 a till key refunding at a store not its own.",
        "`refund_no` (the till's own refund number) makes the refund happen once: sent again it answers the first result with `duplicate: true`. Without it every call is a new refund.",
      ].join("\n\n"),
      body: z.object({
        store_code: storeCode,
        receipt_no: receiptNo,
        refund_no: receiptNo.optional(),
        net_amount: amount.optional().meta(amountDoc),
        electronic_amount: amount.optional().meta(amountDoc),
        reason: reasonText.optional(),
      }),
      response: { 200: envelope(transactionResponse) },
    }),
    async (request) => {
      const body = request.body;
      const caller = requireStore(request, body.store_code);
      return ok(
        await scheme.refund({
          storeCode: body.store_code,
          receiptNo: body.receipt_no,
          refundNo: body.refund_no,
          netCents: body.net_amount,
          electronicCents: body.electronic_amount,
          reason: body.reason,
          ...caller,
        }),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/till/vouchers/check`,
    schemeRoute("till", {
      summary: "Check a voucher a member shows at the till: what it is for, and whether it may be used here",
      description: `Answers the voucher (its reward, value and validity) when it may be used at \`store_code\` now; changes nothing. ${VOUCHER_REFUSALS}`,
      body: z.object({ code: voucherCode, store_code: storeCode }),
      response: { 200: envelope(voucherResponse) },
    }),
    async (request) => {
      const caller = requireStore(request, request.body.store_code);
      return ok(
        await scheme.checkVoucherAtTill({
          code: request.body.code,
          storeCode: request.body.store_code,
          client: caller.client,
        }),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/till/vouchers/use`,
    schemeRoute("till", {
      summary: "Use a voucher at the till: marks it used, once",
      description: `The voucher becomes \`used\` (at \`store_code\`, on \`receipt_no\` when given) in one conditional statement, so two tills scanning it at once cannot both accept it. Sent again with the same store and receipt it answers the first use with \`duplicate: true\`, so a till may retry; anything else is refused. ${VOUCHER_REFUSALS}`,
      body: z.object({ code: voucherCode, store_code: storeCode, receipt_no: receiptNo.optional() }),
      response: { 200: envelope(voucherUseResponse) },
    }),
    async (request) => {
      const caller = requireStore(request, request.body.store_code);
      return ok(
        await scheme.useVoucherAtTill({
          code: request.body.code,
          storeCode: request.body.store_code,
          receiptNo: request.body.receipt_no,
          client: caller.client,
        }),
      );
    },
  );
}
