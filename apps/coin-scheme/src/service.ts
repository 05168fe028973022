import { randomInt } from "node:crypto";
import {
  checkQrTime,
  earnCoins,
  formatCents,
  formatMultiplier,
  programmeDate,
  programmeMonth,
  purchaseAmountsRule,
} from "@hcoins/domain/earn-rules";
import {
  type EarnedPurchase,
  type ExpiryPolicy,
  expiryOf,
  type RefundRule,
  refundShare,
} from "@hcoins/domain/ledger-rules";
import { parseMemberQrText } from "@hcoins/domain/member-qr";
import type { TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type {
  BirthMonthResult,
  BonusDay,
  BonusDayRemoveResult,
  BonusDaySetResult,
  BonusDays,
  CreateAccountResult,
  ExpiryPolicyResult,
  ExpiryPreviewResult,
  ExpiryRunResult,
  LedgerCheckResult,
  LedgerResult,
  LinkResult,
  ReceiptState,
  SchemeAccount,
  SchemeTransaction,
  StoreResult,
  StoresResult,
  TillAccountResult,
  TransactionResult,
} from "./api-schemas.ts";
import type { CoinSchemeSettings } from "./config.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import {
  expiryPolicyOf,
  expiryPolicyResult,
  nextExpiryRun,
  previewExpiry,
  runExpiry,
  setExpiryPolicy,
} from "./expiry.ts";
import type { Holder, HolderAccount, HolderAnonymiseResult, HolderExport } from "./holders.ts";
import { type NewEntry, postCredit, postDebit } from "./postings.ts";
import { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow, ActorType, CoinSchemeTables, EntryRow } from "./tables.ts";
import { checkVelocity } from "./velocity.ts";

/** Who sends a till call: a till key (`till`) or a full-scope client (`client`). */
type TillActor = Exclude<ActorType, "operator" | "expiry">;

export interface PurchaseInput {
  qrText: string;
  storeCode: string;
  receiptNo: string;
  netCents: number;
  electronicCents: number;
  client: string;
  actorType: TillActor;
}

export interface RefundInput {
  storeCode: string;
  receiptNo: string;
  /** The till's own number of the refund: makes it happen once. */
  refundNo?: string | undefined;
  /** What is returned; without it, what remains of the receipt. */
  netCents?: number | undefined;
  electronicCents?: number | undefined;
  reason?: string | undefined;
  client: string;
  actorType: TillActor;
}

export interface AdjustmentInput {
  hcoinsMemberNo: string;
  /** Positive credits, negative debits; never 0. */
  coins: number;
  reason: string;
  /** The person who decided it. */
  operator: string;
  /** The API client that relayed it. */
  client: string;
  allowNegative: boolean;
  key?: string | undefined;
}

const MEMBER_NO_ATTEMPTS = 5;
const iso = (ms: number) => new Date(ms).toISOString();

/** "HC" and ten random digits: not guessable from a neighbour's number. */
const newMemberNo = () =>
  `HC${String(randomInt(0, 100_000)).padStart(5, "0")}${String(randomInt(0, 100_000)).padStart(5, "0")}`;

/**
 * The H Coins scheme: accounts by mobile number, the link to a programme member,
 * earning at the till, refunds, balances and the ledger. It knows members only by
 * the reference the member server links (the member number the QR code carries).
 *
 * Every write is one statement guarded by a unique constraint, so concurrent calls
 * (two creates for one number, two links, one receipt sent twice) settle in the
 * database, and the loser re-reads what the winner wrote.
 */
export class CoinSchemeService {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly settings: CoinSchemeSettings,
    private readonly now: () => number,
  ) {}

  // ---- accounts --------------------------------------------------------------

  async accountByPhone(prefix: string, phone: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByPhone(prefix, phone);
    return row ? this.toAccount(row) : null;
  }

  async accountByMemberNo(hcoinsMemberNo: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByMemberNo(hcoinsMemberNo);
    return row ? this.toAccount(row) : null;
  }

  async accountByMemberRef(memberRef: string): Promise<SchemeAccount | null> {
    const row = await this.repository.accountByMemberRef(memberRef);
    return row ? this.toAccount(row) : null;
  }

  /**
   * The number's account, created unlinked when there is none. With a member ref the
   * account is also linked to it (in the same insert for a new account), so a create
   * for a member is one step that either fully happens or not at all.
   */
  async createAccount(input: {
    prefix: string;
    phone: string;
    memberRef?: string | undefined;
    /** The member's birth month, recorded with the link when the account has none. */
    birthMonth?: number | null | undefined;
    client: string;
  }): Promise<CreateAccountResult> {
    const { prefix, phone, memberRef, client } = input;
    const birthMonth = memberRef === undefined ? null : (input.birthMonth ?? null);
    let existing = await this.repository.accountByPhone(prefix, phone);
    for (let attempt = 1; !existing; attempt += 1) {
      if (memberRef !== undefined) {
        // Read after the number: a concurrent create may have just made this very account.
        const linkedAccount = await this.repository.accountByMemberRef(memberRef);
        if (
          linkedAccount &&
          (linkedAccount.mobile_phone_prefix !== prefix || linkedAccount.mobile_phone !== phone)
        ) {
          throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
        }
        if (linkedAccount) {
          existing = linkedAccount;
          break;
        }
      }
      const at = this.now();
      try {
        const row = await this.repository.insertAccount({
          hcoins_memberno: newMemberNo(),
          mobile_phone_prefix: prefix,
          mobile_phone: phone,
          linked_member_ref: memberRef ?? null,
          linked_at: memberRef === undefined ? null : at,
          linked_by: memberRef === undefined ? null : client,
          birth_month: birthMonth,
          created_by: client,
          created_at: at,
        });
        return { account: this.toAccount(row), created: true, linked_now: memberRef !== undefined };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Lost a race for the number (then link what the winner made) or the member ref (the loop's
        // next check says which account has it), or drew a member number already taken (draw again).
        existing = await this.repository.accountByPhone(prefix, phone);
        if (!existing && attempt >= MEMBER_NO_ATTEMPTS) throw error;
      }
    }
    if (memberRef === undefined)
      return { account: this.toAccount(existing), created: false, linked_now: false };
    const linked = await this.link(existing.hcoins_memberno, memberRef, client, birthMonth);
    return { account: linked.account, created: false, linked_now: linked.linked_now };
  }

  /**
   * Links an account to a programme member. Idempotent: linking again to the same
   * member changes nothing; an account linked to someone else, or a member linked to
   * another account, is a conflict (6010, 6011). The member's birth month, when given, is
   * recorded if the account has none.
   */
  async link(
    hcoinsMemberNo: string,
    memberRef: string,
    client: string,
    birthMonth: number | null = null,
  ): Promise<LinkResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    if (account.linked_member_ref === memberRef) {
      if (birthMonth !== null && account.birth_month === null) {
        await this.repository.setBirthMonth(account.id, birthMonth);
        account.birth_month = birthMonth;
      }
      return { account: this.toAccount(account), linked_now: false };
    }
    if (account.linked_member_ref !== null)
      throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
    await this.refuseRefLinkedElsewhere(memberRef, account.id);
    let updated = 0;
    try {
      updated = await this.repository.linkAccount(account.id, { memberRef, at: this.now(), client });
    } catch (error) {
      // The unique member ref: a concurrent call linked this member to another account.
      if (isUniqueViolation(error)) throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
      throw error;
    }
    if (birthMonth !== null) await this.repository.setBirthMonth(account.id, birthMonth);
    const after = (await this.repository.accountByMemberNo(hcoinsMemberNo)) as AccountRow;
    if (after.linked_member_ref !== memberRef)
      throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
    return { account: this.toAccount(after), linked_now: updated > 0 };
  }

  /**
   * Records the member's birth month (1-12) from the member server's profile, once: the
   * birthday bonus follows it. The same month again changes nothing; another is refused
   * (6013), as the member server locks it once set.
   */
  async setBirthMonth(hcoinsMemberNo: string, month: number): Promise<BirthMonthResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const changed = (await this.repository.setBirthMonth(account.id, month)) > 0;
    const after = changed ? month : ((await this.repository.accountById(account.id))?.birth_month ?? null);
    if (after !== month) throw new SchemeError(SchemeErrorCode.birthMonthLocked);
    return { hcoins_memberno: hcoinsMemberNo, birth_month: month, changed };
  }

  // ---- earning, refunds and adjustments ---------------------------------------------

  /**
   * A purchase at the till. A receipt (store code + receipt number) credits once: sent
   * again for the same member and amounts it answers the first result with
   * `duplicate: true` (even when the QR code has expired meanwhile, so a till may retry);
   * for another member or amount it is refused (6009). The birthday bonus follows the
   * birth month the member server recorded, never the QR code's.
   */
  async purchase(input: PurchaseInput): Promise<TransactionResult> {
    const qr = parseMemberQrText(input.qrText);
    if (!qr) throw schemeValidationError("qr_text", "qrInvalid");
    const amountRule = purchaseAmountsRule(input.netCents, input.electronicCents);
    if (amountRule) throw schemeValidationError(amountRule.field, amountRule.rule);

    const key = purchaseKey(input.storeCode, input.receiptNo);
    const earlier = await this.repository.entryByKey(key);
    if (earlier) return this.replayPurchase(earlier, qr.memberRef, input);

    const at = this.now();
    const freshness = checkQrTime(qr.unixSeconds, at);
    if (freshness === "stale") throw new SchemeError(SchemeErrorCode.qrExpired);
    if (freshness === "future") throw new SchemeError(SchemeErrorCode.qrFromFuture);
    const account = await this.repository.accountByMemberRef(qr.memberRef);
    if (!account) throw new SchemeError(SchemeErrorCode.unknownMember);
    const store = await this.repository.store(input.storeCode);
    if (!store) throw new SchemeError(SchemeErrorCode.unknownStore, { store_code: input.storeCode });

    const partnerStore = store.partner_property === 1;
    const birthdayMultiplier =
      account.birth_month !== null && account.birth_month === programmeMonth(at)
        ? this.settings.birthdayMultiplier
        : 100;
    const holidayMultiplier = await this.holidayMultiplierOn(programmeDate(at));
    const earned = earnCoins({
      netCents: input.netCents,
      electronicCents: input.electronicCents,
      partnerStore,
      birthdayMultiplier,
      holidayMultiplier,
    });
    try {
      return await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(account.id);
        await checkVelocity(repository, this.settings.limits, locked, input, at);
        const policy = await expiryPolicyOf(repository);
        const { entry, balance } = await postCredit(
          repository,
          locked,
          {
            kind: "purchase",
            entry_key: key,
            store_code: input.storeCode,
            receipt_no: input.receiptNo,
            refund_no: null,
            actor_type: input.actorType,
            actor: input.client,
            client: input.client,
            reason: "purchase",
            net_cents: input.netCents,
            electronic_cents: input.electronicCents,
            partner_store: partnerStore ? 1 : 0,
            birthday_multiplier: birthdayMultiplier,
            holiday_multiplier: holidayMultiplier,
            base_coins: earned.baseCoins,
            birthday_bonus: earned.birthdayBonus,
            holiday_bonus: earned.holidayBonus,
            coins: earned.coins,
            expires_at: expiryOf(policy, at),
            qr_unix_seconds: qr.unixSeconds,
          },
          at,
        );
        return this.result(entry, locked, balance, false, receiptState(entry, NOTHING_REFUNDED));
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayPurchase(winner, qr.memberRef, input);
    }
  }

  /**
   * A refund of (part of) a receipt: reverses the coins the amount returned earned, with the
   * multipliers of the day of the purchase (ledger-rules.ts). Without amounts it returns what
   * remains. With a `refund_no` it happens once: sent again it answers the first result with
   * `duplicate: true`. More than remains is refused (6016); a receipt refunded in full says so
   * (6015). The coins come from the purchase's own first, then the oldest; when the member has
   * spent them, the balance goes below zero and later coins repay it.
   */
  async refund(input: RefundInput): Promise<TransactionResult> {
    const purchase = await this.repository.entryByKey(purchaseKey(input.storeCode, input.receiptNo));
    if (!purchase) throw new SchemeError(SchemeErrorCode.receiptNotFound);
    const key =
      input.refundNo === undefined ? null : `refund:${input.storeCode}:${input.receiptNo}:${input.refundNo}`;
    if (key) {
      const earlier = await this.repository.entryByKey(key);
      if (earlier) return this.replayRefund(earlier, purchase, input);
    }
    const at = this.now();
    try {
      return await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(purchase.account_id);
        const refunded = await repository.refundedOf(input.storeCode, input.receiptNo);
        const share = refundShare(earnedPurchase(purchase), refunded, input);
        if ("rule" in share) throw refundRefusal(share, purchase, refunded);
        const { entry, balance } = await postDebit(
          repository,
          locked,
          {
            kind: "refund",
            entry_key: key,
            store_code: purchase.store_code,
            receipt_no: purchase.receipt_no,
            refund_no: input.refundNo ?? null,
            actor_type: input.actorType,
            actor: input.client,
            client: input.client,
            reason: input.reason ?? "refund",
            net_cents: share.netCents,
            electronic_cents: share.electronicCents,
            partner_store: purchase.partner_store,
            birthday_multiplier: purchase.birthday_multiplier,
            holiday_multiplier: purchase.holiday_multiplier,
            base_coins: -share.reversed.baseCoins,
            birthday_bonus: -share.reversed.birthdayBonus,
            holiday_bonus: -share.reversed.holidayBonus,
            coins: -share.reversed.coins,
            expires_at: null,
            qr_unix_seconds: null,
          },
          at,
          purchase.id,
        );
        const after = {
          netCents: refunded.netCents + share.netCents,
          electronicCents: refunded.electronicCents + share.electronicCents,
        };
        return this.result(entry, locked, balance, false, receiptState(purchase, after));
      });
    } catch (error) {
      if (!key || !isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayRefund(winner, purchase, input);
    }
  }

  /**
   * An operator's adjustment: credits (coins > 0) or debits (coins < 0) an account with the
   * reason given. A debit may not take the balance below zero (6018) unless `allowNegative`.
   * With a key it happens once per client: sent again it answers the first with `duplicate: true`.
   */
  async adjust(input: AdjustmentInput): Promise<TransactionResult> {
    const account = await this.repository.accountByMemberNo(input.hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const key = input.key === undefined ? null : `adjustment:${input.client}:${input.key}`;
    if (key) {
      const earlier = await this.repository.entryByKey(key);
      if (earlier) return this.replayAdjustment(earlier, account, input);
    }
    const at = this.now();
    const entry: NewEntry = {
      kind: "adjustment",
      entry_key: key,
      store_code: null,
      receipt_no: null,
      refund_no: null,
      actor_type: "operator",
      actor: input.operator,
      client: input.client,
      reason: input.reason,
      net_cents: 0,
      electronic_cents: 0,
      partner_store: 0,
      birthday_multiplier: 100,
      holiday_multiplier: 100,
      base_coins: input.coins,
      birthday_bonus: 0,
      holiday_bonus: 0,
      coins: input.coins,
      expires_at: null,
      qr_unix_seconds: null,
    };
    try {
      return await this.repository.inTransaction(async (repository) => {
        const locked = await repository.lockAccount(account.id);
        if (input.coins > 0) {
          const policy = await expiryPolicyOf(repository);
          const posted = await postCredit(
            repository,
            locked,
            { ...entry, expires_at: expiryOf(policy, at) },
            at,
          );
          return this.result(posted.entry, locked, posted.balance, false, null);
        }
        if (!input.allowNegative && locked.balance + input.coins < 0) {
          throw new SchemeError(SchemeErrorCode.insufficientBalance, { balance: locked.balance });
        }
        const posted = await postDebit(repository, locked, entry, at);
        return this.result(posted.entry, locked, posted.balance, false, null);
      });
    } catch (error) {
      if (!key || !isUniqueViolation(error)) throw error;
      const winner = await this.repository.entryByKey(key);
      if (!winner) throw error;
      return this.replayAdjustment(winner, account, input);
    }
  }

  /** The account behind a fresh member QR code, as a till sees it: its number and balance. */
  async tillAccount(qrText: string): Promise<TillAccountResult> {
    const qr = parseMemberQrText(qrText);
    if (!qr) throw schemeValidationError("qr_text", "qrInvalid");
    const freshness = checkQrTime(qr.unixSeconds, this.now());
    if (freshness === "stale") throw new SchemeError(SchemeErrorCode.qrExpired);
    if (freshness === "future") throw new SchemeError(SchemeErrorCode.qrFromFuture);
    const account = await this.repository.accountByMemberRef(qr.memberRef);
    if (!account) throw new SchemeError(SchemeErrorCode.unknownMember);
    return { hcoins_memberno: account.hcoins_memberno, balance: account.balance };
  }

  async ledger(hcoinsMemberNo: string, limit = 50): Promise<LedgerResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const rows = await this.repository.newestEntries(account.id, limit);
    const view = this.toAccount(account);
    return {
      account: view,
      balance: view.balance,
      entries: rows.map((row) => this.toTransaction(row, account)),
    };
  }

  /** Every account's balance row against its ledger; the programme's proof that they agree. */
  async checkLedger(): Promise<LedgerCheckResult> {
    return {
      accounts: await this.repository.accountCount(),
      disagreements: await this.repository.ledgerDisagreements(),
    };
  }

  // ---- expiry (expiry.ts) ---------------------------------------------------------

  expiryPolicy(): Promise<ExpiryPolicyResult> {
    return expiryPolicyResult(this.repository);
  }

  /** Applies to coins credited from now on; coins earned before keep the expiry they were given. */
  setExpiryPolicy(policy: ExpiryPolicy, by: string): Promise<ExpiryPolicyResult> {
    return setExpiryPolicy(this.repository, policy, by, this.now());
  }

  /** What the next expiry run (or the one at `at`) would expire. */
  previewExpiry(at: number = nextExpiryRun(this.now())): Promise<ExpiryPreviewResult> {
    return previewExpiry(this.repository, at);
  }

  runExpiry(): Promise<ExpiryRunResult> {
    return runExpiry(this.repository, this.now());
  }

  // ---- data protection (holders.ts) ----------------------------------------------

  /** Everything held about a member and their number: their accounts with every ledger entry. */
  async holderData(holder: Holder): Promise<HolderExport> {
    const accounts: HolderAccount[] = [];
    for (const row of await this.repository.holderAccounts(holder)) {
      const entries = await this.repository.ledgerOf(row.id);
      const { id: _id, ...account } = row;
      accounts.push({
        ...account,
        linked_at: row.linked_at === null ? null : iso(row.linked_at),
        created_at: iso(row.created_at),
        balance: row.balance,
        transactions: entries.map(({ account_id: _account, entry_key: _key, ...entry }) => ({
          ...entry,
          expires_at: entry.expires_at === null ? null : iso(entry.expires_at),
          created_at: iso(entry.created_at),
        })),
      });
    }
    return { accounts };
  }

  /**
   * Anonymises the holder's accounts, in one transaction: they lose the number and the member
   * link, so the member's QR code earns nothing more. The ledger stays as it was, amounts and
   * dates; the balance is still the sum of its entries, and a refund of an earlier receipt
   * still reverses it there. Idempotent: a second call finds nothing left.
   */
  eraseHolder(holder: Holder): Promise<HolderAnonymiseResult> {
    return this.repository.inTransaction(async (repository) => {
      const accounts: HolderAnonymiseResult["accounts"] = [];
      for (const row of await repository.holderAccounts(holder)) {
        await repository.anonymiseAccount(row.id);
        accounts.push({
          hcoins_memberno: row.hcoins_memberno,
          balance: row.balance,
          transactions: await repository.entryCount(row.id),
        });
      }
      return { accounts };
    });
  }

  // ---- stores and bonus days ------------------------------------------------------

  /**
   * Registers a store code (tills earn only at registered stores) with its partner-property
   * flag, or changes the flag. The member server's store registry writes every store here.
   */
  async setStore(storeCode: string, partner: boolean): Promise<StoreResult> {
    const before = await this.repository.store(storeCode);
    const flag = partner ? 1 : 0;
    if (before?.partner_property !== flag) await this.repository.setStore(storeCode, flag, this.now());
    return { store_code: storeCode, partner_property: partner, changed: before?.partner_property !== flag };
  }

  async stores(): Promise<StoresResult> {
    const rows = await this.repository.stores();
    return {
      stores: rows.map((row) => ({
        store_code: row.store_code,
        partner_property: row.partner_property === 1,
        updated_at: iso(row.updated_at),
      })),
    };
  }

  async setBonusDay(date: string, hundredths: number): Promise<BonusDaySetResult> {
    const before = await this.repository.bonusDay(date);
    await this.repository.setBonusDay(date, hundredths, this.now());
    return {
      date,
      multiplier: formatMultiplier(hundredths),
      previous: before === undefined ? null : formatMultiplier(before),
    };
  }

  async removeBonusDay(date: string): Promise<BonusDayRemoveResult> {
    const removed = await this.repository.removeBonusDay(date);
    const configured = this.settings.configuredHolidays.get(date);
    return {
      date,
      removed,
      configured_multiplier: configured === undefined ? null : formatMultiplier(configured),
    };
  }

  /** Every bonus day in force, by date: the operator's entries over COIN_HOLIDAYS. */
  async bonusDays(): Promise<BonusDays> {
    const rows = await this.repository.bonusDays();
    const days = new Map<string, BonusDay>();
    for (const [date, multiplier] of this.settings.configuredHolidays) {
      days.set(date, { date, multiplier: formatMultiplier(multiplier), source: "configuration" });
    }
    for (const row of rows) {
      days.set(row.date, {
        date: row.date,
        multiplier: formatMultiplier(row.multiplier),
        source: "operator",
      });
    }
    return {
      birthday_multiplier: formatMultiplier(this.settings.birthdayMultiplier),
      days: [...days.values()].sort((a, b) => a.date.localeCompare(b.date)),
    };
  }

  async holidayMultiplierOn(date: string): Promise<number> {
    return (await this.repository.bonusDay(date)) ?? this.settings.configuredHolidays.get(date) ?? 100;
  }

  // ---- internals ------------------------------------------------------------------

  /** A receipt already recorded: the same member and amounts get the first answer, anything else 6009. */
  private async replayPurchase(
    earlier: EntryRow,
    memberRef: string,
    input: PurchaseInput,
  ): Promise<TransactionResult> {
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const same =
      account.linked_member_ref === memberRef &&
      earlier.net_cents === input.netCents &&
      earlier.electronic_cents === input.electronicCents;
    if (!same) throw new SchemeError(SchemeErrorCode.receiptConflict);
    const refunded = await this.repository.refundedOf(input.storeCode, input.receiptNo);
    return this.result(earlier, account, account.balance, true, receiptState(earlier, refunded));
  }

  /** A refund number already recorded: the same amounts (or none) get the first answer, others 6009. */
  private async replayRefund(earlier: EntryRow, purchase: EntryRow, input: RefundInput) {
    const same =
      (input.netCents === undefined || input.netCents === earlier.net_cents) &&
      (input.electronicCents === undefined || input.electronicCents === earlier.electronic_cents);
    if (!same) throw new SchemeError(SchemeErrorCode.receiptConflict);
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const refunded = await this.repository.refundedOf(input.storeCode, input.receiptNo);
    return this.result(earlier, account, account.balance, true, receiptState(purchase, refunded));
  }

  /** An adjustment key already used by the client: the same account and coins get the first answer, others 6009. */
  private replayAdjustment(earlier: EntryRow, account: AccountRow, input: AdjustmentInput) {
    if (earlier.account_id !== account.id || earlier.coins !== input.coins)
      throw new SchemeError(SchemeErrorCode.receiptConflict);
    return this.result(earlier, account, account.balance, true, null);
  }

  /** A member may hold one account: refuses a ref linked to an account other than `exceptId`. */
  private async refuseRefLinkedElsewhere(memberRef: string, exceptId: number | null) {
    const other = await this.repository.accountByMemberRef(memberRef);
    if (other && other.id !== exceptId) throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
  }

  private result(
    row: EntryRow,
    account: AccountRow,
    balance: number,
    duplicate: boolean,
    receipt: ReceiptState | null,
  ): TransactionResult {
    return { transaction: this.toTransaction(row, account), balance, duplicate, receipt };
  }

  private toAccount(row: AccountRow): SchemeAccount {
    return {
      hcoins_memberno: row.hcoins_memberno,
      mobile_phone_prefix: row.mobile_phone_prefix,
      mobile_phone: row.mobile_phone,
      linked: row.linked_member_ref !== null,
      linked_member_ref: row.linked_member_ref,
      linked_at: row.linked_at === null ? null : iso(row.linked_at),
      created_at: iso(row.created_at),
      birth_month: row.birth_month,
      balance: row.balance,
    };
  }

  private toTransaction(row: EntryRow, account: AccountRow): SchemeTransaction {
    return {
      id: row.id,
      kind: row.kind,
      hcoins_memberno: account.hcoins_memberno,
      store_code: row.store_code,
      receipt_no: row.receipt_no,
      refund_no: row.refund_no,
      actor_type: row.actor_type,
      actor: row.actor,
      client: row.client,
      reason: row.reason,
      net_amount: formatCents(row.net_cents),
      electronic_amount: formatCents(row.electronic_cents),
      partner_store: row.partner_store === 1,
      birthday_multiplier: formatMultiplier(row.birthday_multiplier),
      holiday_multiplier: formatMultiplier(row.holiday_multiplier),
      base_coins: row.base_coins,
      birthday_bonus: row.birthday_bonus,
      holiday_bonus: row.holiday_bonus,
      coins: row.coins,
      remaining: row.remaining,
      expires_at: row.expires_at === null ? null : iso(row.expires_at),
      created_at: iso(row.created_at),
    };
  }
}

const NOTHING_REFUNDED = { netCents: 0, electronicCents: 0 };

const purchaseKey = (storeCode: string, receiptNo: string) => `purchase:${storeCode}:${receiptNo}`;

const earnedPurchase = (purchase: EntryRow): EarnedPurchase => ({
  netCents: purchase.net_cents,
  electronicCents: purchase.electronic_cents,
  partnerStore: purchase.partner_store === 1,
  birthdayMultiplier: purchase.birthday_multiplier,
  holidayMultiplier: purchase.holiday_multiplier,
});

function receiptState(
  purchase: EntryRow,
  refunded: { netCents: number; electronicCents: number },
): ReceiptState {
  return {
    net_amount: formatCents(purchase.net_cents),
    electronic_amount: formatCents(purchase.electronic_cents),
    refunded_net_amount: formatCents(refunded.netCents),
    refunded_electronic_amount: formatCents(refunded.electronicCents),
    fully_refunded: refunded.netCents >= purchase.net_cents,
  };
}

/** The refusal of a refund that breaks a rule, with what remains of the receipt. */
function refundRefusal(
  share: { rule: RefundRule; field: "net_amount" | "electronic_amount" },
  purchase: EntryRow,
  refunded: { netCents: number; electronicCents: number },
): SchemeError {
  const remaining = {
    remaining_net_amount: formatCents(purchase.net_cents - refunded.netCents),
    remaining_electronic_amount: formatCents(purchase.electronic_cents - refunded.electronicCents),
  };
  if (share.rule === "alreadyRefunded")
    return new SchemeError(SchemeErrorCode.receiptFullyRefunded, remaining);
  if (share.rule === "refundExceedsRemaining")
    return new SchemeError(SchemeErrorCode.refundExceedsRemaining, remaining);
  return new SchemeError(SchemeErrorCode.validation, {
    errors: [{ field: share.field, rule: share.rule }],
    ...remaining,
  });
}

/** The scheme on a database handle (its own, or the member server's when embedded): its tables only. */
export function createCoinSchemeService(
  database: TableViews,
  settings: CoinSchemeSettings,
  now: () => number,
) {
  return new CoinSchemeService(new CoinSchemeRepository(database.tables<CoinSchemeTables>()), settings, now);
}
