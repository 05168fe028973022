import type { ConsoleMission } from "@hcoins/domain/api/console-missions";
import { MISSION_KINDS, MISSION_PERIODS } from "@hcoins/domain/mission-rules";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { missionQuery, useMissionChange } from "../../api/missions.ts";
import { useHolds } from "../../api/session.ts";
import { brandsQuery } from "../../api/stores.ts";
import { Checklist } from "../../components/checklist.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { LocalizedFields } from "../../components/localized-fields.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { RewardChoice } from "../../components/reward-choice.tsx";
import { ScheduleFields } from "../../components/schedule-fields.tsx";
import { StoreChoice, useStoreOptions } from "../../components/store-choice.tsx";
import { rulesOf } from "../../lib/contract-rules.ts";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { MissionActions } from "./mission-actions.tsx";
import {
  EMPTY_MISSION_DRAFT,
  type MissionDraft,
  type MissionRules,
  missionDefinitionOf,
  missionDraftOf,
} from "./mission-draft.ts";
import { MissionStatusBadge } from "./mission-status-badge.tsx";

/** One radio group of a draft's choice (kind, period), its options named in the operator's language. */
function Choice<K extends "kind" | "period">({
  field,
  legend,
  options,
  draft,
  change,
}: {
  field: K;
  legend: string;
  options: readonly { value: MissionDraft[K]; label: string }[];
  draft: MissionDraft;
  change: (fields: Partial<MissionDraft>) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="checkbox">
          <input
            type="radio"
            name={`mission-${field}`}
            checked={draft[field] === option.value}
            onChange={() => change({ [field]: option.value })}
          />{" "}
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * A new mission, or a saved one: a draft or paused mission is edited by the programme manager;
 * an active or ended one, and any for the auditor, is read only.
 */
function MissionEditor({ mission }: { mission: ConsoleMission | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saved = (useLocation().state as { saved?: boolean } | null)?.saved ?? false;
  const canEdit = useHolds("programme.edit");
  const { save } = useMissionChange();
  const [draft, setDraft] = useState<MissionDraft>(mission ? missionDraftOf(mission) : EMPTY_MISSION_DRAFT);
  const [rules, setRules] = useState<MissionRules>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(saved ? t("missions.saved") : null);
  const editable = canEdit && (mission === null || mission.status === "draft" || mission.status === "paused");
  const change = (fields: Partial<MissionDraft>) => setDraft((before) => ({ ...before, ...fields }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(null);
    const result = missionDefinitionOf(draft);
    if ("rules" in result) {
      setRules(result.rules);
      setFailure(t("campaigns.formInvalid"));
      return;
    }
    setRules({});
    try {
      const after = await save.mutateAsync({ id: mission?.id ?? null, body: result.definition });
      if (mission === null) navigate(`/missions/${after.id}`, { replace: true, state: { saved: true } });
      else setDone(t("missions.saved"));
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRules(rulesOf(fieldErrors(error)));
    }
  };

  const language = currentLanguage();
  const brands = useQuery(brandsQuery);
  const { options: storeOptions } = useStoreOptions(draft.storeCodes);
  const title = mission ? mission.name[language] : t("missions.newTitle");
  return (
    <section className="page">
      <p>
        <Link to="/missions">{t("missions.back")}</Link>
      </p>
      <h1>{title}</h1>
      <div role="status">{done ? <p>{done}</p> : null}</div>
      {mission ? (
        <dl className="facts">
          <dt>{t("missions.status")}</dt>
          <dd>
            <MissionStatusBadge status={mission.status} />
          </dd>
          <dt>{t("missions.completions")}</dt>
          <dd>{formatNumber(mission.completions)}</dd>
          {mission.approved_by ? (
            <>
              <dt>{t("campaigns.activatedBy")}</dt>
              <dd>
                {t("campaigns.activatedByNames", {
                  operator: mission.activated_by ?? "—",
                  approver: mission.approved_by,
                })}
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {mission && !editable && canEdit ? <p className="hint">{t("missions.readOnly")}</p> : null}
      <form className="card" onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        <fieldset disabled={!editable} className="plain">
          <LocalizedFields
            name="name"
            label={t("missions.name")}
            value={draft.name}
            onChange={(name) => change({ name })}
            rules={rules}
          />
          <LocalizedFields
            name="description"
            label={t("missions.description")}
            value={draft.description}
            onChange={(description) => change({ description })}
            rules={rules}
            multiline
          />
          <Choice
            field="kind"
            legend={t("missions.kind")}
            options={MISSION_KINDS.map((value) => ({ value, label: t(`missions.kinds.${value}`) }))}
            draft={draft}
            change={change}
          />
          <Field
            label={t("missions.goal")}
            hint={t("missions.goalHint")}
            inputMode="numeric"
            value={draft.goal}
            error={rules.goal}
            onChange={(event) => change({ goal: event.target.value })}
          />
          <Checklist
            legend={t("missions.brandCodes")}
            hint={t("missions.brandCodesHint")}
            options={(brands.data ?? []).map((brand) => ({ value: brand.code, label: brand.name[language] }))}
            chosen={draft.brandCodes}
            onChange={(brandCodes) => change({ brandCodes })}
            error={rules.brand_codes ? ruleText(t, rules.brand_codes) : null}
          />
          <StoreChoice
            legend={t("missions.storeCodes")}
            hint={t("missions.storeCodesHint")}
            options={storeOptions}
            chosen={draft.storeCodes}
            onChange={(storeCodes) => change({ storeCodes })}
            error={rules.store_codes ? ruleText(t, rules.store_codes) : null}
          />
          <Field
            label={t("missions.minNetAmount")}
            hint={t("missions.minNetAmountHint")}
            inputMode="decimal"
            value={draft.minNetAmount}
            error={rules.min_net_amount}
            onChange={(event) => change({ minNetAmount: event.target.value })}
          />
          <Choice
            field="period"
            legend={t("missions.period")}
            options={MISSION_PERIODS.map((value) => ({ value, label: t(`missions.periods.${value}`) }))}
            draft={draft}
            change={change}
          />
          <ScheduleFields
            labels={{ from: t("campaigns.startsAt"), until: t("campaigns.endsAt") }}
            from={{
              value: draft.startsAt,
              rule: rules.starts_at,
              onChange: (startsAt) => change({ startsAt }),
            }}
            until={{ value: draft.endsAt, rule: rules.ends_at, onChange: (endsAt) => change({ endsAt }) }}
          />
          <RewardChoice
            value={draft.rewardId}
            hint={t("missions.rewardIdHint")}
            rule={rules.reward_id}
            onChange={(rewardId) => change({ rewardId })}
          />
          <Field
            label={t("missions.budget")}
            hint={t("missions.budgetHint")}
            inputMode="numeric"
            value={draft.budget}
            error={rules.budget_completions}
            onChange={(event) => change({ budget: event.target.value })}
          />
          {editable ? (
            <button type="submit" className="button" disabled={save.isPending}>
              {mission ? t("missions.save") : t("campaigns.create")}
            </button>
          ) : null}
        </fieldset>
      </form>
      {mission && canEdit ? <MissionActions mission={mission} /> : null}
    </section>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  const missionId = id === undefined ? null : Number(id);
  const mission = useQuery({ ...missionQuery(missionId ?? 0), enabled: missionId !== null });
  if (missionId !== null && !mission.data)
    return (
      <section className="page">
        <h1>{t("missions.title")}</h1>
        <QueryState query={mission} />
      </section>
    );
  // The form keeps what the operator wrote across saves; only another mission starts it afresh.
  return <MissionEditor key={mission.data?.id ?? "new"} mission={mission.data ?? null} />;
}
