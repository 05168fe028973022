import { parseAmountCents } from "@hcoins/domain/earn-rules";
import type { ConsentChannel } from "@hcoins/domain/marketing-consent";
import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from "kysely";
import type { CoinSchemeTables } from "./tables.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

type Accounts = ExpressionBuilder<CoinSchemeTables, "hcoin_accounts">;

const CONSENT_COLUMN = {
  email: "hcoin_accounts.consent_email",
  sms: "hcoin_accounts.consent_sms",
  phone: "hcoin_accounts.consent_phone",
} as const satisfies Record<ConsentChannel, string>;

/** A Hong Kong calendar date's first instant. */
const hongKongDayStart = (date: string) => Date.parse(`${date}T00:00:00+08:00`);

const cents = (hkd: string) => {
  const parsed = parseAmountCents(hkd);
  if (!("cents" in parsed)) throw new Error(`segment amount ${hkd} passed the schema but is not an amount`);
  return parsed.cents;
};

/**
 * THE translation of a segment's conditions into a where-clause over `hcoin_accounts`: the live
 * count and the till's membership both use it, so they cannot disagree. "The last N days" is the
 * N × 24 hours before `now`. No condition: every account.
 */
export function segmentWhere(conditions: readonly SegmentCondition[], now: number) {
  return (eb: Accounts): Expression<SqlBool> =>
    eb.and(conditions.map((condition) => conditionWhere(eb, condition, now)));
}

function conditionWhere(eb: Accounts, condition: SegmentCondition, now: number): Expression<SqlBool> {
  switch (condition.fact) {
    case "tier":
      return eb.exists(
        eb
          .selectFrom("hcoin_account_tiers")
          .innerJoin("hcoin_tiers", "hcoin_tiers.code", "hcoin_account_tiers.tier_code")
          .select(sql`1`.as("one"))
          .whereRef("hcoin_account_tiers.account_id", "=", "hcoin_accounts.id")
          .where("hcoin_tiers.id", "in", condition.in),
      );
    case "purchased_within": {
      const bought = eb.exists(
        eb
          .selectFrom("hcoin_ledger")
          .select(sql`1`.as("one"))
          .whereRef("hcoin_ledger.account_id", "=", "hcoin_accounts.id")
          .where("hcoin_ledger.kind", "=", "purchase")
          .where("hcoin_ledger.created_at", ">=", now - condition.days * DAY_MS),
      );
      return condition.is ? bought : eb.not(bought);
    }
    case "spend": {
      // As tier-repository.ts spendBetween: purchases' net minus refunds'.
      const spend = eb
        .selectFrom("hcoin_ledger")
        .select(
          sql<number>`coalesce(sum(case when hcoin_ledger.kind = 'refund' then -hcoin_ledger.net_cents else hcoin_ledger.net_cents end), 0)`.as(
            "spend",
          ),
        )
        .whereRef("hcoin_ledger.account_id", "=", "hcoin_accounts.id")
        .where("hcoin_ledger.kind", "in", ["purchase", "refund"])
        .where("hcoin_ledger.created_at", ">=", now - condition.days * DAY_MS);
      const bounds: Expression<SqlBool>[] = [];
      if (condition.at_least !== undefined)
        bounds.push(sql<SqlBool>`(${spend}) >= ${cents(condition.at_least)}`);
      if (condition.below !== undefined) bounds.push(sql<SqlBool>`(${spend}) < ${cents(condition.below)}`);
      return eb.and(bounds);
    }
    case "brands_bought":
      return eb.exists(
        eb
          .selectFrom("hcoin_ledger")
          .innerJoin("hcoin_stores", "hcoin_stores.store_code", "hcoin_ledger.store_code")
          .select(sql`1`.as("one"))
          .whereRef("hcoin_ledger.account_id", "=", "hcoin_accounts.id")
          .where("hcoin_ledger.kind", "=", "purchase")
          .where("hcoin_ledger.created_at", ">=", now - condition.days * DAY_MS)
          .where("hcoin_stores.brand_code", "in", condition.in),
      );
    case "joined": {
      const bounds: Expression<SqlBool>[] = [];
      if (condition.on_or_after !== undefined)
        bounds.push(eb("hcoin_accounts.created_at", ">=", hongKongDayStart(condition.on_or_after)));
      if (condition.before !== undefined)
        bounds.push(eb("hcoin_accounts.created_at", "<", hongKongDayStart(condition.before)));
      return eb.and(bounds);
    }
    case "birth_month":
      return eb("hcoin_accounts.birth_month", "in", condition.in);
    // The profile facts (profile-facts.ts): plain columns of the account, null where the member gave
    // none or the scheme has not heard, and a null is in no segment over it, either way.
    case "region":
      return eb("hcoin_accounts.region", "in", condition.in);
    case "district":
      return eb("hcoin_accounts.district", "in", condition.in);
    case "age_range":
      return eb("hcoin_accounts.age_range", "in", condition.in);
    case "marketing_consent":
      return eb(CONSENT_COLUMN[condition.channel], "=", condition.is ? 1 : 0);
  }
}
