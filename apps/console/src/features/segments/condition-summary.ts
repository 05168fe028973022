import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import type { TFunction } from "@hcoins/i18n/translator";
import type { Key } from "../../lib/i18n.ts";

/** Names the summary uses for what conditions hold as ids and codes; an unknown one shows as itself. */
export interface SummaryNames {
  tier: (id: number) => string;
  brand: (code: string) => string;
}

const hkd = (amount: string) => `HK$${amount}`;

/** One condition in a sentence ("Bought nothing in the last 90 days"), for the segments list. */
export function conditionSummary(
  t: TFunction<Key>,
  condition: SegmentCondition,
  names: SummaryNames,
): string {
  switch (condition.fact) {
    case "purchased_within":
      return t(condition.is ? "segments.summary.boughtWithin" : "segments.summary.notBoughtWithin", {
        count: condition.days,
      });
    case "spend": {
      const values = {
        count: condition.days,
        atLeast: hkd(condition.at_least ?? ""),
        below: hkd(condition.below ?? ""),
      };
      if (condition.at_least && condition.below) return t("segments.summary.spendBetween", values);
      return t(condition.at_least ? "segments.summary.spendAtLeast" : "segments.summary.spendBelow", values);
    }
    case "brands_bought":
      return t("segments.summary.brandsBought", {
        count: condition.days,
        brands: condition.in.map(names.brand).join(", "),
      });
    case "tier":
      return t("segments.summary.tier", { tiers: condition.in.map(names.tier).join(", ") });
    case "joined": {
      const values = { from: condition.on_or_after ?? "", to: condition.before ?? "" };
      if (condition.on_or_after && condition.before) return t("segments.summary.joinedBetween", values);
      return t(
        condition.on_or_after ? "segments.summary.joinedFrom" : "segments.summary.joinedBefore",
        values,
      );
    }
    case "birth_month":
      return t("segments.summary.birthMonth", {
        months: condition.in.map((month) => t(`segments.months.${month}` as Key)).join(", "),
      });
  }
}
