import { type ConsoleCampaign, DEFAULT_DRY_RUN_DAYS } from "@hcoins/domain/api/console-campaigns";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { campaignQuery, useCampaignChange } from "../../api/campaigns.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { useHolds } from "../../api/session.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { LocalizedFields } from "../../components/localized-fields.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { RewardChoice } from "../../components/reward-choice.tsx";
import { ScheduleFields } from "../../components/schedule-fields.tsx";
import { rulesOf } from "../../lib/contract-rules.ts";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { CampaignActions } from "./campaign-actions.tsx";
import { type CampaignDraft, type DraftRules, definitionOf, draftOf, EMPTY_DRAFT } from "./campaign-draft.ts";
import { CampaignStatusBadge } from "./campaign-status-badge.tsx";
import { ConditionFields } from "./condition-fields.tsx";
import { DryRunPanel } from "./dry-run-panel.tsx";

/**
 * The action: a multiplier of the base coins, or a fixed bonus per qualifying purchase. A programme
 * rule's action is its kind's (decision 238): the electronic extra has nothing to set, a birthday
 * or holiday rule only its multiplier.
 */
function ActionFields({
  draft,
  change,
  rules,
}: {
  draft: CampaignDraft;
  change: (fields: Partial<CampaignDraft>) => void;
  rules: DraftRules;
}) {
  const { t } = useTranslation();
  if (draft.action === "electronic_extra")
    return (
      <fieldset>
        <legend>{t("campaigns.action")}</legend>
        <p>{t("campaigns.actions.electronic_extra")}</p>
      </fieldset>
    );
  const types =
    draft.programmeRule === null ? (["multiplier", "bonus", "reward"] as const) : (["multiplier"] as const);
  return (
    <fieldset>
      <legend>{t("campaigns.action")}</legend>
      {types.map((type) => (
        <label key={type} className="checkbox">
          <input
            type="radio"
            name="campaign-action"
            checked={draft.action === type}
            onChange={() => change({ action: type })}
          />{" "}
          {t(`campaigns.actions.${type}`)}
        </label>
      ))}
      {draft.action === "reward" ? (
        <RewardChoice
          value={draft.rewardId}
          hint={t("campaigns.rewardHint")}
          rule={rules["action.reward_id"]}
          onChange={(rewardId) => change({ rewardId })}
        />
      ) : draft.action === "multiplier" ? (
        <Field
          label={t("campaigns.multiplier")}
          hint={t("campaigns.multiplierHint")}
          inputMode="decimal"
          value={draft.multiplier}
          error={rules["action.multiplier"]}
          onChange={(event) => change({ multiplier: event.target.value })}
        />
      ) : (
        <Field
          label={t("campaigns.bonusCoins")}
          inputMode="numeric"
          value={draft.bonusCoins}
          error={rules["action.coins"]}
          onChange={(event) => change({ bonusCoins: event.target.value })}
        />
      )}
    </fieldset>
  );
}

/** What a promotion sets and a programme rule does not (it always stacks and has no budget or cap). */
function PromotionFields({
  draft,
  change,
  rules,
}: {
  draft: CampaignDraft;
  change: (fields: Partial<CampaignDraft>) => void;
  rules: DraftRules;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          role="switch"
          aria-checked={draft.stacks}
          checked={draft.stacks}
          aria-describedby="campaign-stacks-hint"
          onChange={(event) => change({ stacks: event.target.checked })}
        />{" "}
        {t("campaigns.stacks")}
      </label>
      <p className="hint" id="campaign-stacks-hint">
        {t("campaigns.stacksHint")}
      </p>
      <Field
        label={t("campaigns.budget")}
        hint={t("campaigns.budgetHint")}
        inputMode="numeric"
        value={draft.budget}
        error={rules.budget_coins}
        onChange={(event) => change({ budget: event.target.value })}
      />
      <Field
        label={t("campaigns.cap")}
        hint={t("campaigns.capHint")}
        inputMode="numeric"
        value={draft.cap}
        error={rules.per_member_cap}
        onChange={(event) => change({ cap: event.target.value })}
      />
    </>
  );
}

/**
 * A new campaign, or a saved one: a draft or paused campaign is edited by the programme manager;
 * an active or ended one, and any for the auditor, is read only. The dry run reads the form as it
 * stands, saved or not.
 */
function CampaignEditor({ campaign }: { campaign: ConsoleCampaign | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved ?? false;
  const canEdit = useHolds("programme.edit");
  const { save } = useCampaignChange();
  const [draft, setDraft] = useState<CampaignDraft>(campaign ? draftOf(campaign) : EMPTY_DRAFT);
  const [rules, setRules] = useState<DraftRules>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(saved ? t("campaigns.saved") : null);
  const [dryRunDays, setDryRunDays] = useState(DEFAULT_DRY_RUN_DAYS);
  const editable =
    canEdit && (campaign === null || campaign.status === "draft" || campaign.status === "paused");
  const change = (fields: Partial<CampaignDraft>) => setDraft((before) => ({ ...before, ...fields }));

  /** The form's definition, or null with its rules shown. */
  const checked = () => {
    const result = definitionOf(draft);
    if ("rules" in result) {
      setRules(result.rules);
      return null;
    }
    setRules({});
    return result.definition;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const definition = checked();
    if (!definition) {
      setFailure(t("campaigns.formInvalid"));
      return;
    }
    try {
      const after = await save.mutateAsync({ id: campaign?.id ?? null, body: definition });
      if (campaign === null) navigate(`/campaigns/${after.id}`, { replace: true, state: { saved: true } });
      else setDone(t("campaigns.saved"));
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRules(rulesOf(fieldErrors(error)));
    }
  };

  const title = campaign ? campaign.name[currentLanguage()] : t("campaigns.newTitle");
  return (
    <section className="page">
      <p>
        <Link to="/campaigns">{t("campaigns.back")}</Link>
      </p>
      <h1>{title}</h1>
      <div role="status">{done ? <p>{done}</p> : null}</div>
      {campaign ? (
        <dl className="facts">
          <dt>{t("campaigns.status")}</dt>
          <dd>
            <CampaignStatusBadge status={campaign.status} />
          </dd>
          {campaign.programme_rule ? (
            <>
              <dt>{t("campaigns.programmeRule")}</dt>
              <dd>{t(`campaigns.programmeRules.${campaign.programme_rule}`)}</dd>
            </>
          ) : null}
          <dt>{t("campaigns.spent")}</dt>
          <dd>
            {campaign.budget_coins === null
              ? t("campaigns.spentNoBudget", { spent: formatNumber(campaign.spent_coins) })
              : t("campaigns.spentOf", {
                  spent: formatNumber(campaign.spent_coins),
                  budget: formatNumber(campaign.budget_coins),
                })}
          </dd>
          <dt>{t("campaigns.members")}</dt>
          <dd>{formatNumber(campaign.members_earned)}</dd>
          {campaign.approved_by ? (
            <>
              <dt>{t("campaigns.activatedBy")}</dt>
              <dd>
                {t("campaigns.activatedByNames", {
                  operator: campaign.activated_by ?? "—",
                  approver: campaign.approved_by,
                })}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {campaign && !editable && canEdit ? <p className="hint">{t("campaigns.readOnly")}</p> : null}
      <form className="card" onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        <fieldset disabled={!editable} className="plain">
          <LocalizedFields
            name="name"
            label={t("campaigns.name")}
            value={draft.name}
            onChange={(name) => change({ name })}
            rules={rules}
          />
          <ConditionFields
            conditions={draft.conditions}
            onChange={(conditions) => change({ conditions })}
            rules={rules}
          />
          <ActionFields draft={draft} change={change} rules={rules} />
          {/* A reward campaign is bounded by its reward (stock, per-member limit) and outside the coins' stacking. */}
          {draft.programmeRule === null ? (
            draft.action === "reward" ? null : (
              <PromotionFields draft={draft} change={change} rules={rules} />
            )
          ) : (
            <p className="hint">{t("campaigns.programmeRuleHint")}</p>
          )}
          <ScheduleFields
            labels={{ from: t("campaigns.startsAt"), until: t("campaigns.endsAt") }}
            from={{
              value: draft.startsAt,
              rule: rules.starts_at,
              onChange: (startsAt) => change({ startsAt }),
            }}
            until={{ value: draft.endsAt, rule: rules.ends_at, onChange: (endsAt) => change({ endsAt }) }}
          />
          {editable ? (
            <button type="submit" className="button" disabled={save.isPending}>
              {campaign ? t("campaigns.save") : t("campaigns.create")}
            </button>
          ) : null}
        </fieldset>
      </form>
      {canEdit ? <DryRunPanel definition={checked} onRun={setDryRunDays} /> : null}
      {campaign && canEdit ? <CampaignActions campaign={campaign} dryRunDays={dryRunDays} /> : null}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const campaignId = id === undefined ? null : Number(id);
  const campaign = useQuery({ ...campaignQuery(campaignId ?? 0), enabled: campaignId !== null });
  if (campaignId !== null && !campaign.data)
    return (
      <section className="page">
        <h1>{t("campaigns.title")}</h1>
        <QueryState query={campaign} />
      </section>
    );
  // The form keeps what the operator wrote across saves; only another campaign starts it afresh.
  return <CampaignEditor key={campaign.data?.id ?? "new"} campaign={campaign.data ?? null} />;
}
