import type { ConsoleBonusDay } from "@hcoins/domain/api/console-programme";
import { multiplierHundredths } from "@hcoins/domain/earn-rules";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../api/error-message.ts";
import { bonusDaysQuery, useBonusDayRemove, useBonusDaySet } from "../../api/programme.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { BirthdayMultiplierForm } from "./birthday-multiplier-form.tsx";
import { useCanEditProgramme } from "./can-edit.ts";

/**
 * A bonus day's multiplier as hundredths, null when it is not one: the programme's rule for a
 * multiplier (1 to 10, two decimals) above ×1, which is no bonus day (remove the day instead).
 */
export function bonusDayHundredths(text: string): number | null {
  const hundredths = multiplierHundredths(text);
  return hundredths !== null && hundredths > 100 ? hundredths : null;
}

/** The days purchases earn more coins, and the birthday multiplier. */
export function Component() {
  const { t } = useTranslation();
  const days = useQuery(bonusDaysQuery());
  const list = useSortedPage(
    days.data?.days ?? [],
    { date: (day) => day.date, multiplier: (day) => Number(day.multiplier), source: (day) => day.source },
    null,
  );
  const canEdit = useCanEditProgramme();
  const setDay = useBonusDaySet();
  const removeDay = useBonusDayRemove();
  const [date, setDate] = useState("");
  const [multiplier, setMultiplier] = useState("");
  const [errors, setErrors] = useState<{ date?: string; multiplier?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [removing, setRemoving] = useState<ConsoleBonusDay | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const hundredths = bonusDayHundredths(multiplier);
    const found = {
      ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? {} : { date: "date" }),
      ...(hundredths === null ? { multiplier: "multiplier" } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (hundredths === null || found.date) return;
    try {
      const result = await setDay.mutateAsync({ date, multiplier: hundredths });
      setDone(t("programme.bonusDays.added", { date: result.date, multiplier: result.multiplier }));
      setDate("");
      setMultiplier("");
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section className="page">
      <h1>{t("programme.bonusDays.title")}</h1>
      {done ? <p role="status">{done}</p> : null}
      <QueryState query={days} />
      {days.data ? (
        <>
          <BirthdayMultiplierForm birthday={days.data.birthday} canEdit={canEdit} />
          <ListTable
            caption={t("programme.bonusDays.title")}
            head={[
              { label: t("programme.bonusDays.date"), column: "date" },
              { label: t("programme.bonusDays.multiplier"), column: "multiplier" },
              { label: t("programme.bonusDays.source"), column: "source" },
              canEdit && t("programme.rewards.actions"),
            ]}
            sort={list.sort}
            onSort={list.setSort}
            empty={t("programme.bonusDays.none")}
            count={days.data.days.length}
          >
            {list.rows.map((day) => (
              <tr key={`${day.date}-${day.source}`}>
                <td>{day.date}</td>
                <td>×{day.multiplier}</td>
                <td>{t(`programme.bonusDays.${day.source}`)}</td>
                {canEdit ? (
                  <td>
                    {day.source === "operator" ? (
                      <button type="button" className="button danger" onClick={() => setRemoving(day)}>
                        {t("programme.bonusDays.remove", { date: day.date })}
                      </button>
                    ) : (
                      t("programme.bonusDays.configured")
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </ListTable>
          <Pager
            page={list.page}
            pages={list.pages}
            onPage={list.setPage}
            label={t("programme.bonusDays.title")}
          />
        </>
      ) : null}
      {canEdit ? (
        <form className="card" onSubmit={add} noValidate>
          <h2>{t("programme.bonusDays.add")}</h2>
          <FormAlert message={failure} />
          <Field
            label={t("programme.bonusDays.date")}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
          />
          {errors.date ? <p className="field-error">{t("programme.rules.date")}</p> : null}
          <Field
            label={t("programme.bonusDays.multiplier")}
            hint={t("programme.bonusDays.multiplierHint")}
            inputMode="decimal"
            value={multiplier}
            onChange={(event) => setMultiplier(event.target.value)}
          />
          {errors.multiplier ? <p className="field-error">{t("programme.rules.multiplier")}</p> : null}
          <button type="submit" className="button" disabled={setDay.isPending}>
            {t("programme.bonusDays.addSubmit")}
          </button>
        </form>
      ) : null}
      {removing ? (
        <Dialog
          title={t("programme.bonusDays.removeTitle", { date: removing.date })}
          onClose={() => setRemoving(null)}
        >
          <p>
            {t("programme.bonusDays.removeConfirm", { date: removing.date, multiplier: removing.multiplier })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setRemoving(null)}>
              {t("programme.cancel")}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={removeDay.isPending}
              onClick={async () => {
                try {
                  const result = await removeDay.mutateAsync(removing.date);
                  setDone(
                    result.configured_multiplier === null
                      ? t("programme.bonusDays.removed", { date: result.date })
                      : t("programme.bonusDays.removedConfigured", {
                          date: result.date,
                          multiplier: result.configured_multiplier,
                        }),
                  );
                } catch (error) {
                  setFailure(errorMessage(error, t));
                }
                setRemoving(null);
              }}
            >
              {t("programme.bonusDays.removeSubmit")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
