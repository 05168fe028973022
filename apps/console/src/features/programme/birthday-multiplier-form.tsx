import type { ConsoleBirthdayMultiplier } from "@hcoins/domain/api/console-programme";
import { multiplierHundredths } from "@hcoins/domain/earn-rules";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { useBirthdayMultiplierSet } from "../../api/programme.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The birthday-month multiplier: who set it (or the configuration's default), and for the
 * programme manager a field to change it. 1 switches the birthday bonus off: the earn rules give
 * no bonus at ×1, and the configuration accepts 1 too.
 */
export function BirthdayMultiplierForm({
  birthday,
  canEdit,
}: {
  birthday: ConsoleBirthdayMultiplier;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useBirthdayMultiplierSet();
  const [multiplier, setMultiplier] = useState("");
  const [rule, setRule] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hundredths = multiplierHundredths(multiplier);
    setRule(hundredths === null ? "birthdayRange" : undefined);
    setFailure(null);
    if (hundredths === null) return;
    try {
      const after = await save.mutateAsync(hundredths);
      setDone(
        hundredths === 100
          ? t("programme.birthday.switchedOff")
          : t("programme.birthday.changed", { multiplier: after.birthday_multiplier }),
      );
      setMultiplier("");
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const source =
    birthday.source === "operator" && birthday.updated_at
      ? t("programme.birthday.setBy", { by: birthday.updated_by, at: formatTime(birthday.updated_at) })
      : t("programme.birthday.fromConfiguration");
  return (
    <section className="card" aria-labelledby="birthday-title">
      <h2 id="birthday-title">{t("programme.birthday.title")}</h2>
      <p>
        {birthday.birthday_multiplier === "1"
          ? t("programme.birthday.off")
          : t("programme.birthday.current", { multiplier: birthday.birthday_multiplier })}{" "}
        {source}
      </p>
      {done ? <p role="status">{done}</p> : null}
      {canEdit ? (
        <form onSubmit={submit} noValidate>
          <FormAlert message={failure} />
          <Field
            label={t("programme.birthday.multiplier")}
            hint={t("programme.birthday.hint", { configured: birthday.configured_multiplier })}
            inputMode="decimal"
            value={multiplier}
            onChange={(event) => setMultiplier(event.target.value)}
          />
          {rule ? <p className="field-error">{t("programme.rules.birthdayRange")}</p> : null}
          <button type="submit" className="button" disabled={save.isPending}>
            {t("programme.birthday.submit")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
