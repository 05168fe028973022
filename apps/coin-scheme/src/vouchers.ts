import type { VoucherResult, VouchersResult, VoucherUseResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import { refuseSuspended } from "./ledger-writes.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow, RewardRow, VoucherRow } from "./tables.ts";
import { iso, voucherView } from "./views.ts";
import { normaliseVoucherCode } from "./voucher-codes.ts";

/** The voucher of a code as given (any case, spaces, hyphens, O for 0, I or L for 1); 6024 when none. */
export async function findVoucher(repository: CoinSchemeRepository, text: string): Promise<VoucherRow> {
  const code = normaliseVoucherCode(text);
  const voucher = code === null ? undefined : await repository.rewards.voucherByCode(code);
  if (!voucher) throw new SchemeError(SchemeErrorCode.voucherNotFound);
  return voucher;
}

/** Refuses a voucher that cannot be used at `at`: cancelled (6027), used (6025), expired (6026). */
export function refuseUnusable(voucher: VoucherRow, at: number) {
  if (voucher.status === "cancelled") throw new SchemeError(SchemeErrorCode.voucherCancelled);
  if (voucher.status === "used")
    throw new SchemeError(SchemeErrorCode.voucherUsed, {
      used_at: iso(voucher.used_at as number),
      used_store_code: voucher.used_store_code,
    });
  if (at > voucher.valid_until)
    throw new SchemeError(SchemeErrorCode.voucherExpired, { valid_until: iso(voucher.valid_until) });
}

export interface TillVoucherInput {
  code: string;
  storeCode: string;
  /** The receipt it is used on: using it again on the same store and receipt is a retry. */
  receiptNo?: string | undefined;
  /** The till (API client). */
  client: string;
}

/** Vouchers as members, operators and tills see them, and their use at a till. */
export class Vouchers {
  constructor(
    private readonly repository: CoinSchemeRepository,
    private readonly now: () => number,
  ) {}

  async byCode(text: string): Promise<VoucherResult> {
    return { voucher: await this.view(await findVoucher(this.repository, text)) };
  }

  /** The account's vouchers, newest first. */
  async ofAccount(hcoinsMemberNo: string): Promise<VouchersResult> {
    const account = await this.repository.accountByMemberNo(hcoinsMemberNo);
    if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
    const rows = await this.repository.rewards.vouchersOf(account.id);
    const rewards = await this.rewardsOf(rows);
    const at = this.now();
    return {
      vouchers: rows.map((row) =>
        voucherView(row, rewards.get(row.reward_id) as RewardRow, account.hcoins_memberno, at),
      ),
    };
  }

  /** What a till checks before it accepts a voucher: usable, and valid at its store. */
  async check(input: TillVoucherInput): Promise<VoucherResult> {
    const voucher = await findVoucher(this.repository, input.code);
    refuseUnusable(voucher, this.now());
    await this.refuseSuspendedHolder(voucher);
    await this.refuseStore(voucher, input.storeCode);
    return { voucher: await this.view(voucher) };
  }

  /**
   * Marks the voucher used, once (a conditional update from `issued`, so two tills scanning it
   * at once cannot both accept it). Used again on the same store and receipt it answers the
   * first use with `duplicate: true`, so that a till may retry.
   */
  async use(input: TillVoucherInput): Promise<VoucherUseResult> {
    const voucher = await findVoucher(this.repository, input.code);
    const at = this.now();
    if (!this.isSameUse(voucher, input)) {
      refuseUnusable(voucher, at);
      await this.refuseSuspendedHolder(voucher);
      await this.refuseStore(voucher, input.storeCode);
      const used = await this.repository.rewards.markUsed(voucher.id, {
        at,
        storeCode: input.storeCode,
        receiptNo: input.receiptNo ?? null,
        by: input.client,
      });
      const after = (await this.repository.rewards.voucherByCode(voucher.code)) as VoucherRow;
      if (!used) {
        if (this.isSameUse(after, input)) return { voucher: await this.view(after), duplicate: true };
        refuseUnusable(after, at);
      }
      return { voucher: await this.view(after), duplicate: false };
    }
    return { voucher: await this.view(voucher), duplicate: true };
  }

  private isSameUse(voucher: VoucherRow, input: TillVoucherInput) {
    return (
      voucher.status === "used" &&
      input.receiptNo !== undefined &&
      voucher.used_store_code === input.storeCode &&
      voucher.used_receipt_no === input.receiptNo
    );
  }

  /**
   * A voucher is valid at the stores it names (6028 elsewhere); one that names none, at every
   * store registered with the scheme (6014 for a code that is not one).
   */
  private async refuseStore(voucher: VoucherRow, storeCode: string) {
    const stores = JSON.parse(voucher.store_codes) as string[];
    if (stores.length > 0 && !stores.includes(storeCode))
      throw new SchemeError(SchemeErrorCode.voucherNotValidAtStore, { store_code: storeCode });
    if (stores.length === 0 && !(await this.repository.store(storeCode)))
      throw new SchemeError(SchemeErrorCode.unknownStore, { store_code: storeCode });
  }

  /** The vouchers of a suspended account (its member disabled) are not taken at a till (6033). */
  private async refuseSuspendedHolder(voucher: VoucherRow) {
    refuseSuspended((await this.repository.accountById(voucher.account_id)) as AccountRow);
  }

  private async view(voucher: VoucherRow) {
    const account = (await this.repository.accountById(voucher.account_id)) as AccountRow;
    const reward = (await this.repository.rewards.reward(voucher.reward_id)) as RewardRow;
    return voucherView(voucher, reward, account.hcoins_memberno, this.now());
  }

  private async rewardsOf(rows: VoucherRow[]): Promise<Map<number, RewardRow>> {
    const ids = [...new Set(rows.map((row) => row.reward_id))];
    const rewards = await this.repository.rewards.rewardsByIds(ids);
    return new Map(rewards.map((reward) => [reward.id, reward]));
  }
}
