import { LEDGER_KINDS } from "@hcoins/domain/ledger-kinds";
import { phoneFields, withPhoneCheck } from "@hcoins/domain/phone";
import { z } from "zod";
import {
  accountLookupResponse,
  accountsResponse,
  accountsWithoutProfileFactsResponse,
  birthMonthResponse,
  createAccountResponse,
  envelope,
  ledgerResponse,
  linkResponse,
  profileFactsResponse,
  profileFactsSchema,
  transactionResponse,
} from "../api-schemas.ts";
import { holderAnonymiseResponse, holderExportResponse } from "../holders.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  birthMonth,
  COIN_SCHEME_PREFIX,
  caller,
  hcoinsMemberNo,
  memberRef,
  ok,
  operatorName,
  reasonText,
  type SchemeApp,
  schemeRoute,
} from "./fields.ts";

const FULL_SCOPE = "Needs a full-scope key (not a till's).";
const instant = z.string().datetime({ offset: true, message: "invalid" });

/** Accounts, links, birth months, profile facts, ledgers, adjustments and holders: the member server's and operators' calls. */
export function accountRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/accounts`,
    schemeRoute("all", {
      summary: "Find an account by mobile number, linked member or H Coins number",
      description: `Give \`mobile_phone_prefix\` and \`mobile_phone\`, or \`member_ref\`, or \`hcoins_memberno\`. \`account\` is null when there is none (never a 404, so a wrong URL cannot pass for “no account”). ${FULL_SCOPE} A till reads the account behind a QR code it scanned with POST /till/account.`,
      querystring: z
        .object({
          mobile_phone_prefix: phoneFields.mobile_phone_prefix.optional(),
          mobile_phone: phoneFields.mobile_phone.optional(),
          member_ref: memberRef.optional(),
          hcoins_memberno: z.string().max(32, "tooLong").optional(),
        })
        .refine(
          (query) =>
            [
              query.mobile_phone !== undefined,
              query.member_ref !== undefined,
              query.hcoins_memberno !== undefined,
            ].filter(Boolean).length === 1 &&
            (query.mobile_phone === undefined) === (query.mobile_phone_prefix === undefined),
          { message: "oneLookup" },
        ),
      response: { 200: envelope(accountLookupResponse) },
    }),
    async (request) => {
      const query = request.query;
      const account =
        query.mobile_phone !== undefined && query.mobile_phone_prefix !== undefined
          ? await scheme.accountByPhone(query.mobile_phone_prefix, query.mobile_phone)
          : query.member_ref !== undefined
            ? await scheme.accountByMemberRef(query.member_ref)
            : await scheme.accountByMemberNo(query.hcoins_memberno as string);
      return ok({ account });
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts`,
    schemeRoute("all", {
      summary: "Create the account of a mobile number (idempotent), optionally linked to a member",
      description: `Answers the number's existing account when there is one (\`created: false\`). With \`member_ref\` the account is linked to that member — in the same insert for a new account — and \`birth_month\` (the member's profile, 1-12) is recorded when the account has none; 6010 when the number's account is linked to another member, 6011 when the member is linked to another account. ${FULL_SCOPE}`,
      body: withPhoneCheck(
        z.object({ ...phoneFields, member_ref: memberRef.optional(), birth_month: birthMonth.optional() }),
      ),
      response: { 200: envelope(createAccountResponse) },
    }),
    async (request) => {
      const client = caller(request);
      const { mobile_phone_prefix: prefix, mobile_phone: phone, member_ref, birth_month } = request.body;
      return ok(
        await scheme.createAccount({
          prefix,
          phone,
          memberRef: member_ref,
          birthMonth: birth_month,
          client: client.name,
        }),
      );
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/link`,
    schemeRoute("all", {
      summary: "Link an account to a programme member (idempotent)",
      description: `Linking again to the same member changes nothing (\`linked_now: false\`). \`birth_month\` (1-12) is recorded when the account has none. 6004 no such account; 6010 the account is linked to another member; 6011 the member is linked to another account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ member_ref: memberRef, birth_month: birthMonth.optional() }),
      response: { 200: envelope(linkResponse) },
    }),
    async (request) => {
      const client = caller(request);
      const { member_ref, birth_month } = request.body;
      return ok(
        await scheme.link(request.params.hcoins_memberno, member_ref, client.name, birth_month ?? null),
      );
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/birth-month`,
    schemeRoute("all", {
      summary: "Record the member's birth month (once); the birthday bonus follows it",
      description: `The member server sends it when the member first sets it in their profile. The same month again changes nothing (\`changed: false\`); another month is refused (6013): it is locked once set. The QR code's month is never used for the bonus. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ birth_month: birthMonth }),
      response: { 200: envelope(birthMonthResponse) },
    }),
    async (request) => {
      return ok(await scheme.setBirthMonth(request.params.hcoins_memberno, request.body.birth_month));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/birth-month/correction`,
    schemeRoute("all", {
      summary: "Correct the member's birth month (an operator's decision, past the once-only rule)",
      description: `The member server sends it when an operator corrects the month in the console; the birthday bonus follows it from then on. \`changed\` is false when the account had this month already. 6004 no such account. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ birth_month: birthMonth }),
      response: { 200: envelope(birthMonthResponse) },
    }),
    async (request) => {
      return ok(await scheme.correctBirthMonth(request.params.hcoins_memberno, request.body.birth_month));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/profile-facts`,
    schemeRoute("all", {
      summary: "Record the member's profile facts that segments ask about",
      description: `The member server sends them (its scheme outbox) whenever the member's region, district, age range or direct-marketing consent changes, and once for every member whose account has none. They replace what the account held; \`changed\` is false when it held these already. \`region\` and \`district\` are the profile's codes, both or neither, the district one of the region's (4000 \`areaInvalid\`); \`age_range\` one of the profile's ranges; \`marketing_consent\` true where the member agreed to direct marketing on the channel. Null: the member gave none. 6004 no such account; 6034 the account is not linked to \`member_ref\` (another member's, or erased). ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({ member_ref: memberRef, profile_facts: profileFactsSchema }),
      response: { 200: envelope(profileFactsResponse) },
    }),
    async (request) => {
      const { member_ref, profile_facts } = request.body;
      return ok(await scheme.setProfileFacts(request.params.hcoins_memberno, member_ref, profile_facts));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/without-profile-facts`,
    schemeRoute("all", {
      summary: "Linked accounts whose profile facts were never sent",
      description: `The member server's backfill asks for them page by page: up to \`limit\` (default 500) accounts linked to a member and holding no profile facts, in H Coins number order, after \`after\` (the last number of the page before). Each names its \`member_ref\`. ${FULL_SCOPE}`,
      querystring: z.object({
        after: hcoinsMemberNo.optional(),
        limit: z.coerce.number().int().min(1).max(1000).default(500),
      }),
      response: { 200: envelope(accountsWithoutProfileFactsResponse) },
    }),
    async (request) =>
      ok(await scheme.accountsWithoutProfileFacts(request.query.after ?? null, request.query.limit)),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/mobile-phone`,
    schemeRoute("all", {
      summary: "Move the account to the member's new mobile number",
      description: `The member server sends it when an operator changes the member's number, so that lookups by number find the account under the new one. Answers the account. 6004 no such account; 6010 another account holds the new number (accounts are not merged). ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: withPhoneCheck(z.object({ ...phoneFields })),
      response: { 200: envelope(accountLookupResponse) },
    }),
    async (request) => {
      const { mobile_phone_prefix: prefix, mobile_phone: phone } = request.body;
      return ok({ account: await scheme.changePhone(request.params.hcoins_memberno, prefix, phone) });
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/ledger`,
    schemeRoute("all", {
      summary: "An account's balance and ledger, newest first",
      description: `Every entry names its kind, actor and reason; credits show their remaining coins and expiry; a redemption or cancellation names its reward and voucher. Filters: \`kind\`, \`from\` and \`to\` (ISO 8601 instants, both included), \`store_code\`, \`receipt_no\` (part of it, any case); \`order\` newest (default) or oldest first. \`limit\` entries from \`offset\`, with \`total\` (the entries the filters match) for paging and \`rewards\`, the titles of the rewards the page names. ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      querystring: z.object({
        limit: z.coerce.number().int().min(1).max(500).default(50),
        offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
        kind: z.enum(LEDGER_KINDS, "invalid").optional(),
        from: instant.optional(),
        to: instant.optional(),
        store_code: z.string().trim().min(1, "required").max(32, "tooLong").optional(),
        receipt_no: z.string().trim().min(1, "required").max(64, "tooLong").optional(),
        order: z.enum(["newest", "oldest"], "invalid").default("newest"),
      }),
      response: { 200: envelope(ledgerResponse) },
    }),
    async (request) => {
      const { from, to, store_code, receipt_no, ...rest } = request.query;
      return ok(
        await scheme.ledger(request.params.hcoins_memberno, {
          ...rest,
          from: from === undefined ? undefined : Date.parse(from),
          to: to === undefined ? undefined : Date.parse(to),
          storeCode: store_code,
          receiptNo: receipt_no,
        }),
      );
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/receipts/:receipt_no/accounts`,
    schemeRoute("all", {
      summary: "The accounts whose ledger holds a receipt number (any store)",
      description: `For a receipt dispute: the purchase's account, and any account its refunds were made on; the number exactly as the till sent it, at most 20 accounts. ${FULL_SCOPE}`,
      params: z.object({ receipt_no: z.string().trim().min(1, "required").max(64, "tooLong") }),
      response: { 200: envelope(accountsResponse) },
    }),
    async (request) => ok(await scheme.accountsWithReceipt(request.params.receipt_no)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/adjustments`,
    schemeRoute("all", {
      summary: "An operator's adjustment: credit or debit coins with a reason",
      description: `\`coins\` is a whole number other than 0: positive credits (expiring under the policy in force), negative debits (soonest-expiring coins first). \`operator\` names the person who decided it and \`reason\` why; both are on the entry. A debit below a zero balance is refused (6018) unless \`allow_negative\`. With \`idempotency_key\` it happens once: sent again it answers the first with \`duplicate: true\` (6009 for other coins). ${FULL_SCOPE}`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      body: z.object({
        coins: z
          .number({ error: (issue) => (issue.input == null ? "required" : "coinsInvalid") })
          .int("coinsInvalid")
          .min(-10_000_000, "coinsInvalid")
          .max(10_000_000, "coinsInvalid")
          .refine((coins) => coins !== 0, "coinsInvalid"),
        reason: reasonText,
        operator: operatorName,
        allow_negative: z.boolean().optional().default(false),
        idempotency_key: z.string().trim().min(1, "required").max(100, "tooLong").optional(),
      }),
      response: { 200: envelope(transactionResponse) },
    }),
    async (request) => {
      const client = caller(request);
      const body = request.body;
      return ok(
        await scheme.adjust({
          hcoinsMemberNo: request.params.hcoins_memberno,
          coins: body.coins,
          reason: body.reason,
          operator: body.operator,
          client: client.name,
          allowNegative: body.allow_negative,
          key: body.idempotency_key,
        }),
      );
    },
  );

  // A holder is named in a body, not the URL, so that request logs carry no mobile number.
  const holderBody = withPhoneCheck(z.object({ ...phoneFields, member_ref: memberRef }));
  const eraseBody = withPhoneCheck(
    z.object({ ...phoneFields, member_ref: memberRef, operator: operatorName.default("data-protection") }),
  );
  const holderOf = (body: z.infer<typeof holderBody>) => ({
    memberRef: body.member_ref,
    prefix: body.mobile_phone_prefix,
    phone: body.mobile_phone,
  });

  app.post(
    `${COIN_SCHEME_PREFIX}/holders/export`,
    schemeRoute("all", {
      summary: "Everything held about a member and their number (data access request)",
      description: `The account linked to \`member_ref\` and an unlinked account of the number, each with every ledger entry (oldest first) and its balance. An account of the number linked to another member is not included. ${FULL_SCOPE}`,
      body: holderBody,
      response: { 200: envelope(holderExportResponse) },
    }),
    async (request) => {
      return ok(await scheme.holderData(holderOf(request.body)));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/holders/erase`,
    schemeRoute("all", {
      summary:
        "Erase a member's accounts: their coins forfeited, the accounts anonymised; their ledgers stay",
      description: `The accounts of \`/holders/export\`, in one transaction: each positive balance is debited whole by a \`forfeit\` entry naming \`operator\` (who erased; the programme no longer owes those coins), then the account loses its mobile number, member link, birth month and profile facts; entries keep their amounts and dates, so balances still equal the ledger. Idempotent: a second call answers no accounts. ${FULL_SCOPE}`,
      body: eraseBody,
      response: { 200: envelope(holderAnonymiseResponse) },
    }),
    async (request) => {
      const { operator, ...holder } = request.body;
      return ok(await scheme.eraseHolder(holderOf(holder), { operator, client: caller(request).name }));
    },
  );
}
