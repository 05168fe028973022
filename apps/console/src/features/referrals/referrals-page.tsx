import type { ConsoleReferral, ReferralSettings } from "@hcoins/domain/api/console-referrals";
import { REFERRAL_STATES } from "@hcoins/domain/api/console-referrals";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { referralSettingsQuery, referralsQuery, useReferralSettingsSet } from "../../api/referrals.ts";
import { useHolds } from "../../api/session.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * Referrals: what a referral earns (the programme manager sets it; the auditor reads it) and
 * every referral with its state (the auditor and customer service read them). The coin scheme
 * decides each one at the referred member's first qualifying purchase (docs/coin-scheme.md).
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t("referrals.title")}</h1>
      {useHolds(["programme.edit", "audit.read"]) ? <SettingsCard /> : null}
      <ReferralList />
    </section>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const settings = useQuery(referralSettingsQuery());
  const canEdit = useHolds("programme.edit");
  const current = settings.data?.settings ?? null;
  return (
    <section className="card" aria-labelledby="referral-settings-title">
      <h2 id="referral-settings-title">{t("referrals.settings.title")}</h2>
      <QueryState query={settings} />
      {settings.data ? (
        <>
          <p>
            {current
              ? t(current.active ? "referrals.settings.summary" : "referrals.settings.summaryOff", {
                  referrer: current.referrer_reward_id,
                  referred: current.referred_reward_id,
                  amount: current.min_net_amount,
                  cap: current.cap_per_referrer ?? t("referrals.settings.noCap"),
                })
              : t("referrals.settings.none")}
          </p>
          {settings.data.updated_at ? (
            <p className="muted">
              {t("referrals.settings.setBy", {
                by: settings.data.updated_by,
                at: formatTime(settings.data.updated_at),
              })}
            </p>
          ) : null}
          {canEdit ? <SettingsForm current={current} /> : null}
        </>
      ) : null}
    </section>
  );
}

type FieldName = "referrer_reward_id" | "referred_reward_id" | "min_net_amount" | "cap_per_referrer";

function SettingsForm({ current }: { current: ReferralSettings | null }) {
  const { t } = useTranslation();
  const save = useReferralSettingsSet();
  const [values, setValues] = useState({
    referrer_reward_id: String(current?.referrer_reward_id ?? ""),
    referred_reward_id: String(current?.referred_reward_id ?? ""),
    min_net_amount: current?.min_net_amount ?? "",
    cap_per_referrer: current?.cap_per_referrer === null ? "" : String(current?.cap_per_referrer ?? ""),
  });
  const [active, setActive] = useState(current?.active ?? true);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const referrer = whole(values.referrer_reward_id);
    const referred = whole(values.referred_reward_id);
    const cap = values.cap_per_referrer.trim() === "" ? null : whole(values.cap_per_referrer);
    const found: Partial<Record<FieldName, string>> = {
      ...(referrer ? {} : { referrer_reward_id: "rewardIdInvalid" }),
      ...(referred ? {} : { referred_reward_id: "rewardIdInvalid" }),
      ...(/^\d{1,7}(\.\d{1,2})?$/.test(values.min_net_amount.trim())
        ? {}
        : { min_net_amount: "amountInvalid" }),
      ...(cap === null && values.cap_per_referrer.trim() !== "" ? { cap_per_referrer: "capInvalid" } : {}),
      ...(cap === 0 ? { cap_per_referrer: "capInvalid" } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || !referrer || !referred) return;
    try {
      await save.mutateAsync({
        active,
        referrer_reward_id: referrer,
        referred_reward_id: referred,
        min_net_amount: values.min_net_amount.trim(),
        cap_per_referrer: cap,
      });
      setDone(true);
    } catch (error) {
      const fields = fieldErrors(error);
      if (fields.length > 0) setErrors(Object.fromEntries(fields.map((e) => [e.field, e.rule])));
      else setFailure(errorMessage(error, t));
    }
  };

  const field = (name: FieldName, hint?: string) => {
    const rule = errors[name];
    return (
      <>
        <Field
          label={t(`referrals.settings.${name}`)}
          {...(hint ? { hint } : {})}
          inputMode={name === "min_net_amount" ? "decimal" : "numeric"}
          value={values[name]}
          onChange={(event) => setValues((before) => ({ ...before, [name]: event.target.value }))}
        />
        {rule ? <p className="field-error">{ruleOf(t, rule)}</p> : null}
      </>
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <FormAlert message={failure} />
      {field("referrer_reward_id", t("referrals.settings.rewardHint"))}
      {field("referred_reward_id", t("referrals.settings.rewardHint"))}
      {field("min_net_amount", t("referrals.settings.amountHint"))}
      {field("cap_per_referrer", t("referrals.settings.capHint"))}
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />{" "}
        {t("referrals.settings.active")}
      </label>
      {done ? <p role="status">{t("referrals.settings.saved")}</p> : null}
      <button type="submit" className="button" disabled={save.isPending}>
        {t("referrals.settings.submit")}
      </button>
    </form>
  );
}

function ReferralList() {
  const { t } = useTranslation();
  const [state, setState] = useState<ConsoleReferral["state"] | undefined>(undefined);
  const [page, setPage] = useState(1);
  const list = useQuery(referralsQuery(state, page));
  return (
    <section className="card" aria-labelledby="referral-list-title">
      <h2 id="referral-list-title">{t("referrals.list.title")}</h2>
      <label>
        {t("referrals.list.state")}{" "}
        <select
          value={state ?? ""}
          onChange={(event) => {
            setState((event.target.value || undefined) as ConsoleReferral["state"] | undefined);
            setPage(1);
          }}
        >
          <option value="">{t("referrals.list.all")}</option>
          {REFERRAL_STATES.map((one) => (
            <option key={one} value={one}>
              {t(`referrals.states.${one}`)}
            </option>
          ))}
        </select>
      </label>
      <QueryState query={list} />
      {list.data ? (
        list.data.referrals.length === 0 ? (
          <p>{t("referrals.list.none")}</p>
        ) : (
          <table>
            <caption className="visually-hidden">{t("referrals.list.title")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("referrals.list.referrer")}</th>
                <th scope="col">{t("referrals.list.referred")}</th>
                <th scope="col">{t("referrals.list.state")}</th>
                <th scope="col">{t("referrals.list.recorded")}</th>
                <th scope="col">{t("referrals.list.decided")}</th>
                <th scope="col">{t("referrals.list.reason")}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.referrals.map((referral) => (
                <tr key={referral.id}>
                  <td>{referral.referrer_memberno ?? "—"}</td>
                  <td>{referral.referred_memberno}</td>
                  <td>{t(`referrals.states.${referral.state}`)}</td>
                  <td>{formatTime(referral.recorded_at)}</td>
                  <td>{referral.decided_at ? formatTime(referral.decided_at) : "—"}</td>
                  <td>{referral.refused_reason ? reasonText(t, referral.refused_reason) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      {list.data && (page > 1 || list.data.has_more) ? (
        <nav className="pager" aria-label={t("referrals.list.title")}>
          <button
            type="button"
            className="button secondary"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t("referrals.list.previous")}
          </button>
          <button
            type="button"
            className="button secondary"
            disabled={!list.data.has_more}
            onClick={() => setPage(page + 1)}
          >
            {t("referrals.list.next")}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

const RULES = ["rewardIdInvalid", "rewardUnknown", "amountInvalid", "capInvalid"] as const;

function ruleOf(t: ReturnType<typeof useTranslation>["t"], rule: string) {
  return (RULES as readonly string[]).includes(rule)
    ? t(`referrals.rules.${rule as (typeof RULES)[number]}`)
    : t("rules.invalid");
}

const REASONS = [
  "cap_reached",
  "same_number",
  "same_device",
  "same_account",
  "reward_unavailable",
  "referrer_no_account",
  "referrer_suspended",
] as const;

function reasonText(t: ReturnType<typeof useTranslation>["t"], reason: string) {
  const known = (REASONS as readonly string[]).includes(reason);
  return known ? t(`referrals.reasons.${reason as (typeof REASONS)[number]}`) : reason;
}
