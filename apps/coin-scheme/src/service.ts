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
import { parseMemberQrText } from "@hcoins/domain/member-qr";
import type { TableViews } from "@hcoins/server-kit/database";
import { isUniqueViolation } from "@hcoins/server-kit/database-errors";
import type {
  BonusDay,
  BonusDayRemoveResult,
  BonusDaySetResult,
  BonusDays,
  CreateAccountResult,
  LedgerResult,
  LinkResult,
  SchemeAccount,
  SchemeTransaction,
  StoreResult,
  TransactionResult,
} from "./api-schemas.ts";
import type { CoinSchemeSettings } from "./config.ts";
import { SchemeError, SchemeErrorCode, schemeValidationError } from "./errors.ts";
import type { Holder, HolderAccount, HolderAnonymiseResult, HolderExport } from "./holders.ts";
import { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow, CoinSchemeTables, TransactionRow } from "./tables.ts";

export interface PurchaseInput {
  qrText: string;
  storeCode: string;
  receiptNo: string;
  netCents: number;
  electronicCents: number;
  client: string;
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
    client: string;
  }): Promise<CreateAccountResult> {
    const { prefix, phone, memberRef, client } = input;
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
          created_by: client,
          created_at: at,
        });
        return { account: await this.toAccount(row), created: true, linked_now: memberRef !== undefined };
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Lost a race for the number (then link what the winner made) or the member ref (the loop's
        // next check says which account has it), or drew a member number already taken (draw again).
        existing = await this.repository.accountByPhone(prefix, phone);
        if (!existing && attempt >= MEMBER_NO_ATTEMPTS) throw error;
      }
    }
    if (memberRef === undefined)
      return { account: await this.toAccount(existing), created: false, linked_now: false };
    const linked = await this.link(existing.hcoins_memberno, memberRef, client);
    return { account: linked.account, created: false, linked_now: linked.linked_now };
  }

  /**
   * Links an account to a programme member. Idempotent: linking again to the same
   * member changes nothing; an account linked to someone else, or a member linked to
   * another account, is a conflict (6010, 6011).
   */
  async link(hcoinsMemberNo: string, memberRef: string, client: string): Promise<LinkResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    if (account.linked_member_ref === memberRef)
      return { account: await this.toAccount(account), linked_now: false };
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
    const after = (await this.repository.accountByMemberNo(hcoinsMemberNo)) as AccountRow;
    if (after.linked_member_ref !== memberRef)
      throw new SchemeError(SchemeErrorCode.accountLinkedToAnotherMember);
    return { account: await this.toAccount(after), linked_now: updated > 0 };
  }

  // ---- earning and refunds ------------------------------------------------------

  /**
   * A purchase at the till. A receipt (store code + receipt number) credits once: sent
   * again for the same member and amounts it answers the first result with
   * `duplicate: true` (even when the QR code has expired meanwhile, so a till may retry);
   * for another member or amount it is refused (6009).
   */
  async purchase(input: PurchaseInput): Promise<TransactionResult> {
    const qr = parseMemberQrText(input.qrText);
    if (!qr) throw schemeValidationError("qr_text", "qrInvalid");
    const amountRule = purchaseAmountsRule(input.netCents, input.electronicCents);
    if (amountRule) throw schemeValidationError(amountRule.field, amountRule.rule);

    const earlier = await this.repository.receipt(input.storeCode, input.receiptNo, "purchase");
    if (earlier) return this.replay(earlier, qr.memberRef, input);

    const at = this.now();
    const freshness = checkQrTime(qr.unixSeconds, at);
    if (freshness === "stale") throw new SchemeError(SchemeErrorCode.qrExpired);
    if (freshness === "future") throw new SchemeError(SchemeErrorCode.qrFromFuture);
    const account = await this.repository.accountByMemberRef(qr.memberRef);
    if (!account) throw new SchemeError(SchemeErrorCode.unknownMember);

    const partnerStore = await this.isPartnerStore(input.storeCode);
    const birthdayMultiplier =
      qr.birthdayMonth !== null && qr.birthdayMonth === programmeMonth(at)
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
      const row = await this.repository.insertTransaction({
        account_id: account.id,
        kind: "purchase",
        store_code: input.storeCode,
        receipt_no: input.receiptNo,
        client: input.client,
        net_cents: input.netCents,
        electronic_cents: input.electronicCents,
        partner_store: partnerStore ? 1 : 0,
        birthday_multiplier: birthdayMultiplier,
        holiday_multiplier: holidayMultiplier,
        base_coins: earned.baseCoins,
        birthday_bonus: earned.birthdayBonus,
        holiday_bonus: earned.holidayBonus,
        coins: earned.coins,
        qr_unix_seconds: qr.unixSeconds,
        created_at: at,
      });
      return this.result(row, account, false);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.receipt(input.storeCode, input.receiptNo, "purchase");
      if (!winner) throw error;
      return this.replay(winner, qr.memberRef, input);
    }
  }

  /** Reverses exactly what a receipt earned; a second refund of it answers the first with `duplicate: true`. */
  async refund(input: { storeCode: string; receiptNo: string; client: string }): Promise<TransactionResult> {
    const purchase = await this.repository.receipt(input.storeCode, input.receiptNo, "purchase");
    if (!purchase) throw new SchemeError(SchemeErrorCode.receiptNotFound);
    const account = (await this.repository.accountById(purchase.account_id)) as AccountRow;
    const earlier = await this.repository.receipt(input.storeCode, input.receiptNo, "refund");
    if (earlier) return this.result(earlier, account, true);
    try {
      const row = await this.repository.insertTransaction({
        account_id: purchase.account_id,
        kind: "refund",
        store_code: purchase.store_code,
        receipt_no: purchase.receipt_no,
        client: input.client,
        net_cents: purchase.net_cents,
        electronic_cents: purchase.electronic_cents,
        partner_store: purchase.partner_store,
        birthday_multiplier: purchase.birthday_multiplier,
        holiday_multiplier: purchase.holiday_multiplier,
        base_coins: -purchase.base_coins,
        birthday_bonus: -purchase.birthday_bonus,
        holiday_bonus: -purchase.holiday_bonus,
        coins: -purchase.coins,
        qr_unix_seconds: null,
        created_at: this.now(),
      });
      return this.result(row, account, false);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const winner = await this.repository.receipt(input.storeCode, input.receiptNo, "refund");
      if (!winner) throw error;
      return this.result(winner, account, true);
    }
  }

  async ledger(hcoinsMemberNo: string, limit = 50): Promise<LedgerResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const rows = await this.repository.newestTransactions(account.id, limit);
    const view = await this.toAccount(account);
    return {
      account: view,
      balance: view.balance,
      entries: rows.map((row) => this.toTransaction(row, account)),
    };
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
        balance: entries.reduce((sum, entry) => sum + entry.coins, 0),
        transactions: entries.map(({ account_id: _account, ...entry }) => ({
          ...entry,
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
        accounts.push({ hcoins_memberno: row.hcoins_memberno, ...(await repository.ledgerTotals(row.id)) });
      }
      return { accounts };
    });
  }

  // ---- stores and bonus days ------------------------------------------------------

  async setPartnerStore(storeCode: string, partner: boolean): Promise<StoreResult> {
    const before = await this.repository.partnerFlag(storeCode);
    const flag = partner ? 1 : 0;
    await this.repository.setPartnerFlag(storeCode, flag, this.now());
    return { store_code: storeCode, partner_property: partner, changed: (before ?? 0) !== flag };
  }

  async isPartnerStore(storeCode: string): Promise<boolean> {
    return (await this.repository.partnerFlag(storeCode)) === 1;
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
  private async replay(
    earlier: TransactionRow,
    memberRef: string,
    input: PurchaseInput,
  ): Promise<TransactionResult> {
    const account = (await this.repository.accountById(earlier.account_id)) as AccountRow;
    const same =
      account.linked_member_ref === memberRef &&
      earlier.net_cents === input.netCents &&
      earlier.electronic_cents === input.electronicCents;
    if (!same) throw new SchemeError(SchemeErrorCode.receiptConflict);
    return this.result(earlier, account, true);
  }

  /** A member may hold one account: refuses a ref linked to an account other than `exceptId`. */
  private async refuseRefLinkedElsewhere(memberRef: string, exceptId: number | null) {
    const other = await this.repository.accountByMemberRef(memberRef);
    if (other && other.id !== exceptId) throw new SchemeError(SchemeErrorCode.memberLinkedToAnotherAccount);
  }

  private async result(
    row: TransactionRow,
    account: AccountRow,
    duplicate: boolean,
  ): Promise<TransactionResult> {
    return {
      transaction: this.toTransaction(row, account),
      balance: await this.repository.balanceOf(account.id),
      duplicate,
    };
  }

  private async toAccount(row: AccountRow): Promise<SchemeAccount> {
    return {
      hcoins_memberno: row.hcoins_memberno,
      mobile_phone_prefix: row.mobile_phone_prefix,
      mobile_phone: row.mobile_phone,
      linked: row.linked_member_ref !== null,
      linked_member_ref: row.linked_member_ref,
      linked_at: row.linked_at === null ? null : iso(row.linked_at),
      created_at: iso(row.created_at),
      balance: await this.repository.balanceOf(row.id),
    };
  }

  private toTransaction(row: TransactionRow, account: AccountRow): SchemeTransaction {
    return {
      id: row.id,
      kind: row.kind,
      hcoins_memberno: account.hcoins_memberno,
      store_code: row.store_code,
      receipt_no: row.receipt_no,
      client: row.client,
      net_amount: formatCents(row.net_cents),
      electronic_amount: formatCents(row.electronic_cents),
      partner_store: row.partner_store === 1,
      birthday_multiplier: formatMultiplier(row.birthday_multiplier),
      holiday_multiplier: formatMultiplier(row.holiday_multiplier),
      base_coins: row.base_coins,
      birthday_bonus: row.birthday_bonus,
      holiday_bonus: row.holiday_bonus,
      coins: row.coins,
      created_at: iso(row.created_at),
    };
  }
}

/** The scheme on a database handle (its own, or the member server's when embedded): its tables only. */
export function createCoinSchemeService(
  database: TableViews,
  settings: CoinSchemeSettings,
  now: () => number,
) {
  return new CoinSchemeService(new CoinSchemeRepository(database.tables<CoinSchemeTables>()), settings, now);
}
