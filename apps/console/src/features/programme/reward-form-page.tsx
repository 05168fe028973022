import { LANGUAGES, type Language } from "@hcoins/domain/languages";
import { REWARD_KINDS } from "@hcoins/domain/reward-rules";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { previewAddress } from "../../api/images.ts";
import { rewardQuery, useRewardSave } from "../../api/programme.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageField } from "../../components/image-field.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { StoreChoice, useStoreOptions } from "../../components/store-choice.tsx";
import { TextArea } from "../../components/text-area.tsx";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { useCanEditProgramme } from "./can-edit.ts";
import { draftOf, draftRules, type RewardDraft, saveInputOf } from "./reward-draft.ts";
import { RewardPreview } from "./reward-preview.tsx";
import { SegmentChoice } from "./segment-choice.tsx";

/** The rules of the reward form with texts of their own (rules.reward.*); the others are the shared rules.*. */
const REWARD_RULES = new Set([
  "coinsInvalid",
  "valueRequired",
  "valueForProduct",
  "amountFormat",
  "storeUnknown",
  "imageUrlInvalid",
  "endsBeforeStart",
  "limitInvalid",
  "lowStockThresholdInvalid",
  "validDaysInvalid",
  "sortOrderInvalid",
  "stockInvalid",
  "dateTimeInvalid",
  "segmentUnknown",
]);
const ruleKey = (rule: string | undefined) =>
  rule === undefined ? undefined : REWARD_RULES.has(rule) ? `reward.${rule}` : rule;

/** /rewards/new and /rewards/:id: every field of a reward, with the member's card beside it; the auditor reads. */
export function Component() {
  const { id } = useParams();
  const rewardId = id === undefined ? null : Number(id);
  const reward = useQuery({ ...rewardQuery(rewardId ?? 0), enabled: rewardId !== null });
  if (rewardId !== null && !reward.data) return <QueryState query={reward} />;
  return <RewardForm key={rewardId ?? "new"} id={rewardId} draft={draftOf(reward.data ?? null)} />;
}

function RewardForm({ id, draft: initial }: { id: number | null; draft: RewardDraft }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canEdit = useCanEditProgramme();
  const { stores, options: storeOptions } = useStoreOptions(initial.store_codes);
  const save = useRewardSave();
  const [draft, setDraft] = useState(initial);
  const [rules, setRules] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [previewIn, setPreviewIn] = useState<Language>(currentLanguage());
  const kindId = useId();
  const previewId = useId();
  const creating = id === null;
  const set = (change: Partial<RewardDraft>) => setDraft((current) => ({ ...current, ...change }));
  const rule = (field: string) => ruleKey(rules[field]);
  const storesRule = rule("store_codes");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = saveInputOf(draft, id);
    const local = draftRules(input);
    setRules(local);
    if (Object.keys(local).length > 0) {
      setFailure(t("errors.invalidInput"));
      return;
    }
    try {
      const saved = await save.mutateAsync(input);
      navigate("/rewards", {
        state: {
          done: t(creating ? "programme.reward.created" : "programme.reward.saved", { id: saved.id }),
        },
      });
    } catch (error) {
      setRules(Object.fromEntries(fieldErrors(error).map((each) => [each.field, each.rule])));
      setFailure(errorMessage(error, t));
    }
  };

  const heading = creating
    ? t("programme.reward.newTitle")
    : t("programme.reward.editTitle", { title: initial.title[currentLanguage()] || initial.title.en });
  return (
    <section className="page">
      <p>
        <Link to="/rewards">{t("programme.reward.back")}</Link>
      </p>
      <h1>{heading}</h1>
      <div className="reward-editor">
        <form onSubmit={submit} noValidate aria-label={heading}>
          <FormAlert message={failure} />
          <fieldset disabled={!canEdit}>
            <div className="field">
              <label htmlFor={kindId}>{t("programme.reward.kind")}</label>
              <select
                id={kindId}
                value={draft.kind}
                onChange={(event) => set({ kind: event.target.value as RewardDraft["kind"] })}
              >
                {REWARD_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`programme.reward.kinds.${kind}`)}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label={t("programme.reward.coins")}
              inputMode="numeric"
              value={draft.coins}
              error={rule("coins")}
              onChange={(event) => set({ coins: event.target.value })}
            />
            {draft.kind === "evoucher" ? (
              <Field
                label={t("programme.reward.value")}
                hint={t("programme.reward.valueHint")}
                inputMode="decimal"
                value={draft.value_amount}
                error={rule("value_amount")}
                onChange={(event) => set({ value_amount: event.target.value })}
              />
            ) : null}
            {creating ? (
              <Field
                label={t("programme.reward.stock")}
                hint={t("programme.reward.stockHint")}
                inputMode="numeric"
                value={draft.stock}
                error={rule("stock")}
                onChange={(event) => set({ stock: event.target.value })}
              />
            ) : null}
            {LANGUAGES.map((language) => (
              <Field
                key={`title-${language}`}
                label={t("programme.reward.titleIn", {
                  language: t(`programme.reward.languages.${language}`),
                })}
                value={draft.title[language]}
                error={rule(`title.${language}`)}
                onChange={(event) => set({ title: { ...draft.title, [language]: event.target.value } })}
              />
            ))}
            {LANGUAGES.map((language) => (
              <TextArea
                key={`description-${language}`}
                label={t("programme.reward.descriptionIn", {
                  language: t(`programme.reward.languages.${language}`),
                })}
                value={draft.description[language]}
                error={rule(`description.${language}`)}
                onChange={(event) =>
                  set({ description: { ...draft.description, [language]: event.target.value } })
                }
              />
            ))}
            {LANGUAGES.map((language) => (
              <TextArea
                key={`terms-${language}`}
                label={t("programme.reward.termsIn", {
                  language: t(`programme.reward.languages.${language}`),
                })}
                value={draft.terms[language]}
                error={rule(`terms.${language}`)}
                onChange={(event) => set({ terms: { ...draft.terms, [language]: event.target.value } })}
              />
            ))}
            <ImageField
              label={t("programme.reward.image")}
              hint={t("programme.reward.imageHint")}
              preview={draft.image_url ? previewAddress(draft.image_url) : null}
              removeText={t("programme.reward.imageRemove")}
              rule={rule("image_url")}
              onStored={({ image_url }) => set({ image_url })}
              onRemove={() => set({ image_url: null })}
            />
            <QueryState query={stores} />
            <StoreChoice
              legend={t("programme.reward.stores")}
              hint={t("programme.reward.storesHint")}
              options={storeOptions}
              chosen={draft.store_codes}
              onChange={(store_codes) => set({ store_codes })}
              error={storesRule ? ruleText(t, storesRule) : null}
            />
            <Field
              type="datetime-local"
              label={t("programme.reward.startsAt")}
              hint={t("programme.reward.windowHint")}
              value={draft.starts_at}
              error={rule("starts_at")}
              onChange={(event) => set({ starts_at: event.target.value })}
            />
            <Field
              type="datetime-local"
              label={t("programme.reward.endsAt")}
              value={draft.ends_at}
              error={rule("ends_at")}
              onChange={(event) => set({ ends_at: event.target.value })}
            />
            <Field
              label={t("programme.reward.limit")}
              hint={t("programme.reward.limitHint")}
              inputMode="numeric"
              value={draft.per_member_limit}
              error={rule("per_member_limit")}
              onChange={(event) => set({ per_member_limit: event.target.value })}
            />
            <SegmentChoice
              value={draft.segment_id}
              rule={rule("segment_id")}
              onChange={(segment_id) => set({ segment_id })}
            />
            <Field
              label={t("programme.reward.lowStock")}
              hint={t("programme.reward.lowStockHint")}
              inputMode="numeric"
              value={draft.low_stock_threshold}
              error={rule("low_stock_threshold")}
              onChange={(event) => set({ low_stock_threshold: event.target.value })}
            />
            <Field
              label={t("programme.reward.validDays")}
              inputMode="numeric"
              value={draft.voucher_valid_days}
              error={rule("voucher_valid_days")}
              onChange={(event) => set({ voucher_valid_days: event.target.value })}
            />
            <Field
              label={t("programme.reward.sortOrder")}
              hint={t("programme.reward.sortOrderHint")}
              inputMode="numeric"
              value={draft.sort_order}
              error={rule("sort_order")}
              onChange={(event) => set({ sort_order: event.target.value })}
            />
            <label className="checkbox">
              <input
                type="checkbox"
                checked={draft.active}
                onChange={(event) => set({ active: event.target.checked })}
              />{" "}
              {t("programme.reward.active")}
            </label>
          </fieldset>
          {canEdit ? (
            <div className="actions">
              <button type="submit" className="button" disabled={save.isPending}>
                {creating ? t("programme.reward.create") : t("programme.reward.save")}
              </button>
            </div>
          ) : (
            <p>{t("programme.reward.readOnly")}</p>
          )}
        </form>
        <aside aria-labelledby={previewId}>
          <h2 id={previewId}>{t("programme.reward.preview")}</h2>
          <div className="field">
            <label htmlFor={`${previewId}-language`}>{t("programme.reward.previewIn")}</label>
            <select
              id={`${previewId}-language`}
              value={previewIn}
              onChange={(event) => setPreviewIn(event.target.value as Language)}
            >
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`programme.reward.languages.${language}`)}
                </option>
              ))}
            </select>
          </div>
          <RewardPreview draft={draft} language={previewIn} />
        </aside>
      </div>
    </section>
  );
}
