import type { CoinControls, RoleCoinControls } from "@hcoins/domain/api/console-coin-controls";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { coinControlsQuery, useSetCoinControls } from "../../api/coin-controls.ts";
import { errorMessage } from "../../api/error-message.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { type Key, useTranslation } from "../../lib/i18n.ts";

type Role = keyof CoinControls;
type Control = keyof RoleCoinControls;
/** The roles that may adjust coins at all; the others' controls are kept as they are. */
const ADJUSTING: readonly Role[] = ["customerService", "programmeManager", "administrator"];
const CONTROLS: readonly [Control, Key][] = [
  ["ceiling", "coinControls.ceilingLabel"],
  ["operator_daily_total", "coinControls.operatorDailyTotal"],
  ["role_daily_total", "coinControls.roleDailyTotal"],
  ["approval_threshold", "coinControls.approvalThreshold"],
];
const box = (role: Role, control: Control) => `${role}.${control}`;

/**
 * Per role, the coin controls an administrator sets; an empty box is no limit. Each role is a row
 * of its four amounts in even columns (styles.css, .coin-role), the same control under the same
 * control from one role to the next.
 */
export function CoinControlsForm() {
  const { t } = useTranslation();
  const query = useQuery(coinControlsQuery());
  const save = useSetCoinControls();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!query.data) return <QueryState query={query} />;
  const current = query.data;
  const shown = (role: Role, control: Control) => {
    const value = current[role][control];
    return typed[box(role, control)] ?? (value === null ? "" : String(value));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body = structuredClone(current);
    const wrong: Record<string, string> = {};
    for (const role of ADJUSTING) {
      for (const [control] of CONTROLS) {
        const text = shown(role, control).trim();
        if (text === "") body[role][control] = null;
        else if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 100_000_000)
          body[role][control] = Number(text);
        else wrong[box(role, control)] = "invalid";
      }
    }
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setFailure(null);
    try {
      await save.mutateAsync(body);
      setTyped({});
      setSaved(true);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <form className="coin-controls" onSubmit={submit} noValidate>
      <h2>{t("coinControls.controlsTitle")}</h2>
      <p className="hint">{t("coinControls.controlsHint")}</p>
      <FormAlert message={failure} />
      {ADJUSTING.map((role) => (
        <fieldset key={role} className="coin-role">
          <legend>{t(`roles.${role}`)}</legend>
          {CONTROLS.map(([control, label]) => (
            <Field
              key={control}
              label={t(label)}
              inputMode="numeric"
              value={shown(role, control)}
              error={errors[box(role, control)]}
              hint={t("coinControls.amountHint")}
              onChange={(event) => setTyped({ ...typed, [box(role, control)]: event.target.value })}
            />
          ))}
        </fieldset>
      ))}
      <p className="status-line" role="status">
        {saved ? t("coinControls.saved") : null}
      </p>
      <div className="filter-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t("coinControls.save")}
        </button>
      </div>
    </form>
  );
}
