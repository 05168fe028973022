import { CONSENT_CHANNELS } from "@hcoins/domain/marketing-consent";
import { AGE_RANGES, REGIONS } from "@hcoins/domain/profile-options";
import type { SegmentCondition } from "@hcoins/domain/segment-rules";
import type { TFunction } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { tiersQuery } from "../../api/programme.ts";
import { brandsQuery } from "../../api/stores.ts";
import { BoundFields } from "../../components/bound-fields.tsx";
import { Checklist } from "../../components/checklist.tsx";
import { Field } from "../../components/field.tsx";
import { RadioChoice } from "../../components/radio-choice.tsx";
import { formatList } from "../../lib/format.ts";
import { currentLanguage, type Key, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";

/*
 * The facts a segment's condition can be over, each with everything the console does with it: a
 * new condition, a saved one as the form holds it and back as the contract takes it, the rule the
 * form keeps beyond the contract's, its inputs, and the condition in words. A new fact in the
 * domain's segment-rules.ts is one entry in FACTS (and its words in the three locales): the
 * `satisfies` below names a fact left out.
 */

export type SegmentFact = SegmentCondition["fact"];
type Saved<F extends SegmentFact> = Extract<SegmentCondition, { fact: F }>;
/** The first rule the condition's field `key` broke. */
type Rule = (key: string) => string | undefined;

/** Names for what conditions hold as ids and codes; an unknown one shows as itself. */
export interface SummaryNames {
  tier: (id: number) => string;
  brand: (code: string) => string;
}

interface FactEditor<D extends { fact: SegmentFact }> {
  /** A new condition: its inputs empty, or at the usual value. */
  blank: () => D;
  /** A saved condition as the form holds it (numbers and amounts as text). */
  draft: (saved: Saved<D["fact"]>) => D;
  /** The form's condition as the contract takes it; the contract's schema then judges it. */
  wire: (draft: D) => unknown;
  /** The rule the form keeps beyond the contract (fill at least one bound): the field and rule, or null. */
  unbounded?: (draft: D) => { key: string; rule: string } | null;
  Inputs: (props: { condition: D; onChange: (changed: D) => void; rule: Rule }) => ReactNode;
  /** The saved condition in a sentence ("Bought nothing in the last 90 days"), for the segments list. */
  summary: (t: TFunction<Key>, saved: Saved<D["fact"]>, names: SummaryNames) => string;
}

const fact = <D extends { fact: SegmentFact }>(editor: FactEditor<D>) => editor;

const text = (value: number | string | undefined) => (value === undefined ? "" : String(value));
/** A typed whole number of days; anything else NaN, which the schema refuses. */
const wholeDays = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN);
/** An optional bound: left out when empty. */
const bound = (key: string, typed: string) => (typed.trim() ? { [key]: typed.trim() } : {});
const hkd = (amount: string | undefined) => `HK$${amount ?? ""}`;
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const monthName = (t: TFunction<Key>, month: number) => t(`segments.months.${month}` as Key);
const ageRangeName = (t: TFunction<Key>, range: string) => t(`segments.ageRanges.${range}` as Key);
/** A region's or district's name in the operator's language; an unknown code as itself. */
const placeName = (code: string) => {
  const language = currentLanguage();
  for (const region of REGIONS) {
    if (region.code === code) return region.name[language];
    const district = region.districts.find((one) => one.code === code);
    if (district) return district.name[language];
  }
  return code;
};

/** A chosen list's rule: "required" in the condition's own words, any other in the shared ones. */
function listError(t: TFunction<Key>, broken: string | undefined, required: Key) {
  return broken === "required" ? t(required) : broken ? ruleText(t, broken) : null;
}

/** The period a condition looks back over. */
function DaysField({ days, onChange, rule }: { days: string; onChange: (days: string) => void; rule: Rule }) {
  const { t } = useTranslation();
  return (
    <Field
      inputMode="numeric"
      label={t("segments.days")}
      hint={t("segments.daysHint")}
      value={days}
      error={rule("days")}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** Every fact a segment's condition can be over, in the order the "add a condition" choice offers them. */
const FACTS = {
  purchased_within: fact<{ fact: "purchased_within"; days: string; is: boolean }>({
    blank: () => ({ fact: "purchased_within", days: "30", is: true }),
    draft: (saved) => ({ ...saved, days: text(saved.days) }),
    wire: (draft) => ({ ...draft, days: wholeDays(draft.days) }),
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      return (
        <>
          <DaysField
            days={condition.days}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
          <RadioChoice
            legend={t("segments.purchasedQuestion")}
            options={[
              { value: true, label: t("segments.purchasedYes") },
              { value: false, label: t("segments.purchasedNo") },
            ]}
            value={condition.is}
            onChange={(is) => onChange({ ...condition, is })}
          />
        </>
      );
    },
    summary: (t, saved) =>
      t(saved.is ? "segments.summary.boughtWithin" : "segments.summary.notBoughtWithin", {
        count: saved.days,
      }),
  }),

  spend: fact<{ fact: "spend"; days: string; at_least: string; below: string }>({
    blank: () => ({ fact: "spend", days: "365", at_least: "", below: "" }),
    draft: (saved) => ({
      fact: saved.fact,
      days: text(saved.days),
      at_least: text(saved.at_least),
      below: text(saved.below),
    }),
    wire: (draft) => ({
      fact: draft.fact,
      days: wholeDays(draft.days),
      ...bound("at_least", draft.at_least),
      ...bound("below", draft.below),
    }),
    unbounded: (draft) =>
      draft.at_least.trim() || draft.below.trim() ? null : { key: "at_least", rule: "amountBound" },
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      return (
        <>
          <DaysField
            days={condition.days}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
          <BoundFields
            condition={condition}
            low={{ key: "at_least", label: t("campaigns.atLeast") }}
            high={{ key: "below", label: t("campaigns.below") }}
            hint={t("segments.spendHint")}
            input={{ inputMode: "decimal" }}
            rule={rule}
            onChange={onChange}
          />
        </>
      );
    },
    summary: (t, saved) => {
      const values = { count: saved.days, atLeast: hkd(saved.at_least), below: hkd(saved.below) };
      if (saved.at_least && saved.below) return t("segments.summary.spendBetween", values);
      return t(saved.at_least ? "segments.summary.spendAtLeast" : "segments.summary.spendBelow", values);
    },
  }),

  brands_bought: fact<{ fact: "brands_bought"; in: string[]; days: string }>({
    blank: () => ({ fact: "brands_bought", in: [], days: "365" }),
    draft: (saved) => ({ ...saved, days: text(saved.days) }),
    wire: (draft) => ({ ...draft, days: wholeDays(draft.days) }),
    /** The brands picked by name, as the campaign editor picks them. */
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      const brands = useQuery(brandsQuery);
      const language = currentLanguage();
      return (
        <>
          <Checklist
            legend={t("segments.facts.brands_bought")}
            hint={t("segments.brandsHint")}
            empty={t("campaigns.noBrands")}
            options={(brands.data ?? []).map((brand) => ({ value: brand.code, label: brand.name[language] }))}
            chosen={condition.in}
            onChange={(codes) => onChange({ ...condition, in: codes })}
            error={listError(t, rule("in"), "campaigns.brandsRequired")}
          />
          <DaysField
            days={condition.days}
            rule={rule}
            onChange={(days) => onChange({ ...condition, days })}
          />
        </>
      );
    },
    summary: (t, saved, names) =>
      t("segments.summary.brandsBought", {
        count: saved.days,
        brands: formatList(saved.in.map(names.brand), "or"),
      }),
  }),

  tier: fact<Saved<"tier">>({
    blank: () => ({ fact: "tier", in: [] }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    /** The tiers picked by name from the ladder, as the campaign editor picks them. */
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      const tiers = useQuery(tiersQuery());
      const language = currentLanguage();
      return (
        <Checklist
          legend={t("segments.facts.tier")}
          hint={t("campaigns.tierHint")}
          empty={t("campaigns.noTiers")}
          options={(tiers.data?.tiers ?? []).map((tier) => ({ value: tier.id, label: tier.name[language] }))}
          chosen={condition.in}
          onChange={(ids) => onChange({ ...condition, in: ids })}
          error={listError(t, rule("in"), "campaigns.tiersRequired")}
        />
      );
    },
    summary: (t, saved, names) =>
      t("segments.summary.tier", { tiers: formatList(saved.in.map(names.tier), "or") }),
  }),

  joined: fact<{ fact: "joined"; on_or_after: string; before: string }>({
    blank: () => ({ fact: "joined", on_or_after: "", before: "" }),
    draft: (saved) => ({
      fact: saved.fact,
      on_or_after: text(saved.on_or_after),
      before: text(saved.before),
    }),
    wire: (draft) => ({
      fact: draft.fact,
      ...bound("on_or_after", draft.on_or_after),
      ...bound("before", draft.before),
    }),
    unbounded: (draft) =>
      draft.on_or_after.trim() || draft.before.trim() ? null : { key: "on_or_after", rule: "dateBound" },
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      return (
        <BoundFields
          condition={condition}
          low={{ key: "on_or_after", label: t("segments.joinedFrom") }}
          high={{ key: "before", label: t("segments.joinedBefore") }}
          hint={t("segments.joinedHint")}
          input={{ type: "date" }}
          rule={rule}
          onChange={onChange}
        />
      );
    },
    summary: (t, saved) => {
      const values = { from: saved.on_or_after ?? "", to: saved.before ?? "" };
      if (saved.on_or_after && saved.before) return t("segments.summary.joinedBetween", values);
      return t(saved.on_or_after ? "segments.summary.joinedFrom" : "segments.summary.joinedBefore", values);
    },
  }),

  birth_month: fact<Saved<"birth_month">>({
    blank: () => ({ fact: "birth_month", in: [] }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      return (
        <Checklist
          legend={t("segments.facts.birth_month")}
          hint={t("segments.monthsHint")}
          options={MONTHS.map((month) => ({ value: month, label: monthName(t, month) }))}
          chosen={condition.in}
          onChange={(months) => onChange({ ...condition, in: [...months].sort((a, b) => a - b) })}
          error={listError(t, rule("in"), "segments.monthsRequired")}
        />
      );
    },
    summary: (t, saved) =>
      t("segments.summary.birthMonth", {
        months: formatList(
          saved.in.map((month) => monthName(t, month)),
          "or",
        ),
      }),
  }),

  region: fact<Saved<"region">>({
    blank: () => ({ fact: "region", in: [] }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      const language = currentLanguage();
      return (
        <Checklist
          legend={t("segments.facts.region")}
          hint={t("segments.regionsHint")}
          options={REGIONS.map((region) => ({ value: region.code, label: region.name[language] }))}
          chosen={condition.in}
          onChange={(codes) => onChange({ ...condition, in: codes })}
          error={listError(t, rule("in"), "segments.regionsRequired")}
        />
      );
    },
    summary: (t, saved) =>
      t("segments.summary.region", { places: formatList(saved.in.map(placeName), "or") }),
  }),

  district: fact<Saved<"district">>({
    blank: () => ({ fact: "district", in: [] }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    /** Hong Kong's districts, by region; a region outside Hong Kong is its own district. */
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      const language = currentLanguage();
      return (
        <Checklist
          legend={t("segments.facts.district")}
          hint={t("segments.districtsHint")}
          options={REGIONS.flatMap((region) =>
            region.districts.map((district) => ({ value: district.code, label: district.name[language] })),
          )}
          chosen={condition.in}
          onChange={(codes) => onChange({ ...condition, in: codes })}
          error={listError(t, rule("in"), "segments.districtsRequired")}
        />
      );
    },
    summary: (t, saved) =>
      t("segments.summary.district", { places: formatList(saved.in.map(placeName), "or") }),
  }),

  age_range: fact<Saved<"age_range">>({
    blank: () => ({ fact: "age_range", in: [] }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    Inputs: ({ condition, onChange, rule }) => {
      const { t } = useTranslation();
      return (
        <Checklist
          legend={t("segments.facts.age_range")}
          hint={t("segments.ageRangesHint")}
          options={AGE_RANGES.map((range) => ({ value: range, label: ageRangeName(t, range) }))}
          chosen={condition.in}
          onChange={(ranges) =>
            onChange({ ...condition, in: AGE_RANGES.filter((range) => ranges.includes(range)) })
          }
          error={listError(t, rule("in"), "segments.ageRangesRequired")}
        />
      );
    },
    summary: (t, saved) =>
      t("segments.summary.ageRange", {
        ranges: formatList(
          saved.in.map((range) => ageRangeName(t, range)),
          "or",
        ),
      }),
  }),

  marketing_consent: fact<Saved<"marketing_consent">>({
    blank: () => ({ fact: "marketing_consent", channel: "sms", is: true }),
    draft: (saved) => saved,
    wire: (draft) => draft,
    Inputs: ({ condition, onChange }) => {
      const { t } = useTranslation();
      return (
        <>
          <RadioChoice
            legend={t("segments.consentChannel")}
            options={CONSENT_CHANNELS.map((channel) => ({
              value: channel,
              label: t(`segments.channels.${channel}`),
            }))}
            value={condition.channel}
            onChange={(channel) => onChange({ ...condition, channel })}
          />
          <RadioChoice
            legend={t("segments.consentQuestion")}
            options={[
              { value: true, label: t("segments.consentYes") },
              { value: false, label: t("segments.consentNo") },
            ]}
            value={condition.is}
            onChange={(is) => onChange({ ...condition, is })}
          />
        </>
      );
    },
    summary: (t, saved) =>
      t(saved.is ? "segments.summary.consentYes" : "segments.summary.consentNo", {
        channel: t(`segments.channels.${saved.channel}`),
      }),
  }),
} satisfies { [F in SegmentFact]: { blank: () => { fact: F } } };

/** A condition as the form holds it: numbers, amounts and dates as typed, choices as the contract has them. */
export type SegmentConditionDraft = ReturnType<(typeof FACTS)[SegmentFact]["blank"]>;

export const SEGMENT_FACTS = Object.keys(FACTS) as SegmentFact[];

/**
 * The entry for a condition's fact. TypeScript cannot tie a condition of a union to its own
 * entry's types, so they are joined here, once, for the functions below.
 */
const editorOf = (fact: SegmentFact) => FACTS[fact] as unknown as FactEditor<SegmentConditionDraft>;

export const newSegmentCondition = (fact: SegmentFact) => editorOf(fact).blank();
export const segmentConditionDraftOf = (saved: SegmentCondition) => editorOf(saved.fact).draft(saved);
export const wireConditionOf = (draft: SegmentConditionDraft) => editorOf(draft.fact).wire(draft);
export const unboundedRule = (draft: SegmentConditionDraft) =>
  editorOf(draft.fact).unbounded?.(draft) ?? null;

export const conditionSummary = (t: TFunction<Key>, saved: SegmentCondition, names: SummaryNames) =>
  editorOf(saved.fact).summary(t, saved, names);

/** The inputs of one condition, by its fact; `rule(key)` is the first rule its field `key` broke. */
export function SegmentConditionInputs(props: {
  condition: SegmentConditionDraft;
  onChange: (changed: SegmentConditionDraft) => void;
  rule: Rule;
}) {
  const { Inputs } = editorOf(props.condition.fact);
  return <Inputs {...props} />;
}
