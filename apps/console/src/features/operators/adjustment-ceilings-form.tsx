import {
  type AdjustmentCeilings,
  consoleAdjustmentCeilings,
} from "@hcoins/domain/api/console-member-actions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { call } from "../../api/client.ts";
import { errorMessage } from "../../api/error-message.ts";
import { ceilingsQuery } from "../../api/member-case.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { useTranslation } from "../../lib/i18n.ts";

type Role = keyof AdjustmentCeilings;
/** The roles that may adjust coins at all; the others' ceilings are kept as they are. */
const ADJUSTING: readonly Role[] = ["customerService", "programmeManager", "administrator"];

/** Per role, the most coins one adjustment may move; an empty box is no limit. */
export function AdjustmentCeilingsForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const query = useQuery(ceilingsQuery());
  const save = useMutation({
    mutationFn: (body: AdjustmentCeilings) => call(consoleAdjustmentCeilings.set, { body }),
    onSuccess: (saved) => client.setQueryData(ceilingsQuery().queryKey, saved),
  });
  const [typed, setTyped] = useState<Partial<Record<Role, string>>>({});
  const [errors, setErrors] = useState<Partial<Record<Role, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  if (!query.data) return <QueryState query={query} />;
  const current = query.data;
  const shown = (role: Role) => typed[role] ?? (current[role] === null ? "" : String(current[role]));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const body: AdjustmentCeilings = { ...current };
    const wrong: Partial<Record<Role, string>> = {};
    for (const role of ADJUSTING) {
      const text = shown(role).trim();
      if (text === "") body[role] = null;
      else if (/^\d+$/.test(text) && Number(text) >= 1) body[role] = Number(text);
      else wrong[role] = "invalid";
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
    <form className="filters" onSubmit={submit} noValidate>
      <h2>{t("operators.ceilings")}</h2>
      <p className="hint">{t("operators.ceilingsHint")}</p>
      <FormAlert message={failure} />
      {ADJUSTING.map((role) => (
        <Field
          key={role}
          label={t(`roles.${role}`)}
          inputMode="numeric"
          value={shown(role)}
          error={errors[role]}
          hint={t("operators.ceilingHint")}
          onChange={(event) => setTyped({ ...typed, [role]: event.target.value })}
        />
      ))}
      <p role="status">{saved ? t("operators.ceilingsSaved") : ""}</p>
      <div className="filter-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t("operators.ceilingsSave")}
        </button>
      </div>
    </form>
  );
}
