import type { MemberLedger, MemberLedgerEntry, MemberTier } from "@hcoins/domain/api/console-ledger";
import { ErrorCode } from "@hcoins/domain/codes";
import { addDays, dayStartMs } from "@hcoins/domain/figures-range";
import type { LedgerKind } from "@hcoins/domain/ledger-kinds";
import type { FastifyBaseLogger } from "fastify";
import { AppError, validationError } from "../../errors.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { MemberService } from "../members/service.ts";
import type { StoreService } from "../stores/service.ts";
import { codeLastFour } from "../vouchers/masked-vouchers.ts";

const SCHEME_ACCOUNT_NOT_FOUND = 6004;
/** Only a till's entries carry an amount; the scheme answers "0.00" for the others. */
const WITH_AMOUNT: readonly LedgerKind[] = ["purchase", "refund"];

export interface MemberLedgerFilter {
  page: number;
  pageSize: number;
  kind?: LedgerKind | undefined;
  /** Hong Kong days, YYYY-MM-DD, both included. */
  from?: string | undefined;
  to?: string | undefined;
  storeCode?: string | undefined;
  receiptNo?: string | undefined;
  dir: "asc" | "desc";
}

/**
 * A member's whole H Coins ledger for customer service, a page at a time: the scheme pages and
 * filters it, this adds the stores' names, which only the member server knows.
 */
export class MemberLedgerService {
  constructor(
    private readonly members: MemberService,
    private readonly coinScheme: CoinSchemeClient,
    private readonly stores: StoreService,
    /** The internal notes of adjustments by ledger entry id (coin-controls), which only operators read. */
    private readonly adjustmentNotes: { notesOf(ids: readonly number[]): Promise<Map<number, string>> },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The member's tier and its history (4040 no such member, 4235 no H Coins account, 5030 the scheme down). */
  async tier(memberId: number): Promise<MemberTier> {
    const member = await this.members.findById(memberId);
    if (!member) throw new AppError(ErrorCode.notFound);
    const hcoinsMemberNo = member.external_customer_id;
    if (!hcoinsMemberNo) throw new AppError(ErrorCode.coinAccountNotLinked);
    let standing: Awaited<ReturnType<CoinSchemeClient["accountTier"]>>;
    try {
      standing = await this.coinScheme.accountTier(hcoinsMemberNo);
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_ACCOUNT_NOT_FOUND)
        throw new AppError(ErrorCode.coinAccountNotLinked);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error, memberId }, "member's tier not read at the scheme");
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      throw error;
    }
    const { tier, next } = standing;
    return {
      tier: tier && { code: tier.code, name: tier.name, multiplier: tier.multiplier },
      spend_amount: standing.spend_amount,
      next: next && {
        code: next.tier.code,
        name: next.tier.name,
        spend_needed_amount: next.spend_needed_amount,
      },
      review_at: standing.review_at,
      history: standing.history.map(({ reason, from_code, to_code, spend_amount, actor, created_at }) => ({
        reason,
        from_code,
        to_code,
        spend_amount,
        actor,
        created_at,
      })),
    };
  }

  /** 4040 no such member, 4235 no H Coins account, 4000 `dateOrder` for a reversed range, 5030 the scheme down. */
  async page(memberId: number, filter: MemberLedgerFilter): Promise<MemberLedger> {
    if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from)
      throw validationError([{ field: "to", rule: "dateOrder" }]);
    const member = await this.members.findById(memberId);
    if (!member) throw new AppError(ErrorCode.notFound);
    const hcoinsMemberNo = member.external_customer_id;
    if (!hcoinsMemberNo) throw new AppError(ErrorCode.coinAccountNotLinked);
    let ledger: Awaited<ReturnType<CoinSchemeClient["ledger"]>>;
    try {
      ledger = await this.coinScheme.ledger(hcoinsMemberNo, {
        limit: filter.pageSize,
        offset: (filter.page - 1) * filter.pageSize,
        kind: filter.kind,
        from: filter.from === undefined ? undefined : dayStartMs(filter.from),
        // The last millisecond of the Hong Kong day `to`.
        to: filter.to === undefined ? undefined : dayStartMs(addDays(filter.to, 1)) - 1,
        storeCode: filter.storeCode,
        receiptNo: filter.receiptNo,
        order: filter.dir === "asc" ? "oldest" : "newest",
      });
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_ACCOUNT_NOT_FOUND)
        throw new AppError(ErrorCode.coinAccountNotLinked);
      if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
        this.log.warn({ err: error, memberId }, "member's ledger not read at the scheme");
        throw new AppError(ErrorCode.serviceUnavailable);
      }
      throw error;
    }
    const [names, notes] = await Promise.all([
      this.stores.namesOf(ledger.entries.flatMap((entry) => (entry.store_code ? [entry.store_code] : []))),
      this.adjustmentNotes.notesOf(ledger.entries.map((entry) => entry.id)),
    ]);
    return {
      hcoins_memberno: hcoinsMemberNo,
      balance: ledger.balance,
      total: ledger.total,
      entries: ledger.entries.map(
        (entry): MemberLedgerEntry => ({
          id: entry.id,
          kind: entry.kind,
          coins: entry.coins,
          created_at: entry.created_at,
          store_code: entry.store_code,
          store_name: entry.store_code ? (names.get(entry.store_code) ?? null) : null,
          receipt_no: entry.receipt_no,
          net_amount: WITH_AMOUNT.includes(entry.kind) ? entry.net_amount : null,
          actor: entry.actor,
          reason: entry.reason,
          note: notes.get(entry.id) ?? null,
          // Never the full code: a till accepts it from whoever holds it (vouchers/masked-vouchers.ts).
          voucher_code_last_four: entry.voucher_code === null ? null : codeLastFour(entry.voucher_code),
          lines: entry.lines,
        }),
      ),
    };
  }
}
