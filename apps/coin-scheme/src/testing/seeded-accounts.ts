import type { TestScheme } from "./test-scheme.ts";

/**
 * `count` linked accounts (member refs `${prefix}0`, `${prefix}1`…), each with `coins` from one
 * operator credit, written in a few statements: a rush test needs hundreds, and the API would
 * spend most of its time on them.
 */
export async function seedAccounts(
  t: TestScheme,
  options: { count: number; coins: number; prefix: string; firstPhone: number },
): Promise<{ number: string; memberRef: string }[]> {
  const at = t.clock.now();
  const seeded: { number: string; memberRef: string }[] = [];
  for (let from = 0; from < options.count; from += 250) {
    const batch = Array.from({ length: Math.min(250, options.count - from) }, (_, i) => from + i);
    const accounts = await t.db
      .insertInto("hcoin_accounts")
      .values(
        batch.map((i) => ({
          hcoins_memberno: `HC${String(options.firstPhone + i).padStart(10, "0")}`,
          mobile_phone_prefix: "852",
          mobile_phone: String(options.firstPhone + i),
          linked_member_ref: `${options.prefix}${i}`,
          linked_at: at,
          linked_by: "seed",
          birth_month: null,
          balance: options.coins,
          created_by: "seed",
          created_at: at,
        })),
      )
      .returning(["id", "hcoins_memberno", "linked_member_ref"])
      .execute();
    await t.db
      .insertInto("hcoin_ledger")
      .values(
        accounts.map((account) => ({
          account_id: account.id,
          kind: "adjustment" as const,
          entry_key: null,
          store_code: null,
          receipt_no: null,
          refund_no: null,
          actor_type: "operator" as const,
          actor: "seed",
          client: "seed",
          reason: "test coins",
          net_cents: 0,
          electronic_cents: 0,
          partner_store: 0,
          birthday_multiplier: 100,
          holiday_multiplier: 100,
          base_coins: options.coins,
          birthday_bonus: 0,
          holiday_bonus: 0,
          coins: options.coins,
          remaining: options.coins,
          expires_at: null,
          qr_unix_seconds: null,
          reward_id: null,
          voucher_code: null,
          created_at: at,
        })),
      )
      .execute();
    for (const account of accounts)
      seeded.push({ number: account.hcoins_memberno, memberRef: account.linked_member_ref as string });
  }
  return seeded;
}
