import type { Insertable } from "kysely";
import type { CoinSchemeRepository } from "./repository.ts";
import type { AccountRow, EntryRow, HcoinLedgerTable } from "./tables.ts";

/*
 * How an entry moves coins, inside the transaction that holds the account's lock
 * (repository.lockAccount). The balance row changes by the entry's coins, and the credits'
 * `remaining` follow: a credit keeps what it earned until debits take it, soonest to expire
 * first (then oldest). A debit larger than what is left takes the balance below zero (a
 * refund of coins already spent); the next credits then first repay that, so that at all
 * times the remaining coins add up to the balance when it is not below zero, and to none
 * when it is. ledger-check proves both sums.
 */

type NewEntry = Omit<Insertable<HcoinLedgerTable>, "account_id" | "remaining" | "created_at">;

/**
 * An entry that is no purchase or refund (an adjustment, an expiry, a redemption or its
 * cancellation, an erased member's forfeit): no store or receipt, no amounts, no bonus; its coins are all base.
 */
export function plainEntry(entry: {
  kind: "adjustment" | "expiry" | "redemption" | "cancellation" | "forfeit";
  entry_key: string | null;
  actor_type: "operator" | "expiry" | "client";
  actor: string;
  client: string;
  reason: string;
  coins: number;
  reward_id?: number;
  voucher_code?: string;
}): NewEntry {
  return {
    ...entry,
    reward_id: entry.reward_id ?? null,
    voucher_code: entry.voucher_code ?? null,
    store_code: null,
    receipt_no: null,
    refund_no: null,
    net_cents: 0,
    electronic_cents: 0,
    partner_store: 0,
    birthday_multiplier: 100,
    holiday_multiplier: 100,
    base_coins: entry.coins,
    birthday_bonus: 0,
    holiday_bonus: 0,
    expires_at: null,
    qr_unix_seconds: null,
  };
}

/** Records a credit (coins ≥ 0); answers it and the new balance. */
export async function postCredit(
  repository: CoinSchemeRepository,
  account: AccountRow,
  entry: NewEntry,
  at: number,
): Promise<{ entry: EntryRow; balance: number }> {
  const coins = Number(entry.coins);
  const debt = Math.max(0, -account.balance);
  const row = await repository.insertEntry({
    ...entry,
    account_id: account.id,
    remaining: Math.max(0, coins - debt),
    created_at: at,
  });
  return { entry: row, balance: await repository.addToBalance(account.id, coins) };
}

/**
 * Records a debit of `coins` (> 0; the entry's coins are −coins), taken from the credit
 * `takeFirst` before the others (a refund takes its own purchase's coins first).
 */
export async function postDebit(
  repository: CoinSchemeRepository,
  account: AccountRow,
  entry: NewEntry,
  at: number,
  takeFirst?: number,
): Promise<{ entry: EntryRow; balance: number }> {
  const coins = -Number(entry.coins);
  const row = await repository.insertEntry({
    ...entry,
    account_id: account.id,
    remaining: 0,
    created_at: at,
  });
  let left = coins;
  const credits = await repository.openCredits(account.id);
  const ordered = [
    ...credits.filter((credit) => credit.id === takeFirst),
    ...credits.filter((credit) => credit.id !== takeFirst),
  ];
  for (const credit of ordered) {
    if (left === 0) break;
    const taken = Math.min(left, credit.remaining);
    await repository.setRemaining(credit.id, credit.remaining - taken);
    left -= taken;
  }
  return { entry: row, balance: await repository.addToBalance(account.id, -coins) };
}
