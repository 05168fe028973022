import type { ConsoleCampaign } from "@hcoins/domain/api/console-campaigns";
import { holidayRule } from "@hcoins/domain/campaign-rules";
import { formatMultiplier, multiplierHundredths } from "@hcoins/domain/earn-rules";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { campaignsQuery, useCampaignChange } from "../../api/campaigns.ts";
import { errorMessage } from "../../api/error-message.ts";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { hongKongLocalOfIso } from "../../lib/hong-kong-time.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { useCanEditProgramme } from "./can-edit.ts";

/**
 * A bonus day's multiplier as the campaign writes it ("1.5"), null when it is not one: the
 * programme's rule for a multiplier (1 to 10, two decimals) above ×1, which is no bonus day.
 */
export function bonusDayMultiplier(text: string): string | null {
  const hundredths = multiplierHundredths(text);
  return hundredths !== null && hundredths > 100 ? formatMultiplier(hundredths) : null;
}

/** The Hong Kong dates a holiday rule's schedule covers: "2026-12-25", or "2027-02-17 – 2027-02-19". */
export function holidayDates(rule: Pick<ConsoleCampaign, "starts_at" | "ends_at">): string {
  const first = hongKongLocalOfIso(rule.starts_at).slice(0, 10);
  const last = hongKongLocalOfIso(new Date(Date.parse(rule.ends_at) - 1).toISOString()).slice(0, 10);
  return first === last ? first : `${first} – ${last}`;
}

const multiplierOf = (rule: ConsoleCampaign) =>
  rule.action.type === "multiplier" ? rule.action.multiplier : "1";

/**
 * The birthday month and the bonus days, which are campaigns (programme rules, decision 238): each
 * links to its campaign, where it is paused, edited, ended, and activated by a second operator. A
 * new bonus day is written here as its holiday rule's draft, then asked for on its campaign's page.
 */
export function Component() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const campaigns = useQuery(campaignsQuery());
  const live = (campaigns.data?.campaigns ?? []).filter(
    (campaign) => campaign.programme_rule !== null && campaign.status !== "ended",
  );
  const birthdays = live.filter((campaign) => campaign.programme_rule === "birthday");
  // By date until the operator picks a column.
  const list = useSortedPage(
    live
      .filter((campaign) => campaign.programme_rule === "holiday")
      .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at)),
    {
      date: (rule) => Date.parse(rule.starts_at),
      multiplier: (rule) => Number(multiplierOf(rule)),
      status: (rule) => rule.status,
    },
    null,
  );
  const canEdit = useCanEditProgramme();
  const { save } = useCampaignChange();
  const navigate = useNavigate();
  const [date, setDate] = useState("");
  const [multiplier, setMultiplier] = useState("");
  const [errors, setErrors] = useState<{ date?: string; multiplier?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const text = bonusDayMultiplier(multiplier);
    const found = {
      ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? {} : { date: "date" }),
      ...(text === null ? { multiplier: "multiplier" } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (text === null || found.date) return;
    try {
      const saved = await save.mutateAsync({ id: null, body: holidayRule(date, text) });
      navigate(`/campaigns/${saved.id}`, { state: { saved: true } });
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section className="page">
      <h1>{t("programme.bonusDays.title")}</h1>
      <p>{t("programme.bonusDays.intro")}</p>
      <QueryState query={campaigns} />
      {campaigns.data ? (
        <>
          <section className="card" aria-labelledby="birthday-title">
            <h2 id="birthday-title">{t("programme.birthday.title")}</h2>
            {birthdays.length === 0 ? (
              <p>{t("programme.birthday.none")}</p>
            ) : (
              <ul>
                {birthdays.map((rule) => (
                  <li key={rule.id}>
                    <Link to={`/campaigns/${rule.id}`}>{rule.name[language]}</Link>:{" "}
                    {t("programme.birthday.rule", {
                      multiplier: multiplierOf(rule),
                      status: t(`campaigns.statuses.${rule.status}`),
                    })}
                  </li>
                ))}
              </ul>
            )}
            <p className="hint">{t("programme.birthday.change")}</p>
          </section>
          <ListTable
            caption={t("programme.bonusDays.title")}
            head={[
              { label: t("programme.bonusDays.date"), column: "date" },
              { label: t("programme.bonusDays.multiplier"), column: "multiplier" },
              { label: t("programme.bonusDays.status"), column: "status" },
              t("programme.bonusDays.campaign"),
            ]}
            sort={list.sort}
            onSort={list.setSort}
            empty={t("programme.bonusDays.none")}
            count={list.rows.length}
          >
            {list.rows.map((rule) => (
              <tr key={rule.id}>
                <td>{holidayDates(rule)}</td>
                <td>×{multiplierOf(rule)}</td>
                <td>{t(`campaigns.statuses.${rule.status}`)}</td>
                <td>
                  <Link to={`/campaigns/${rule.id}`}>{rule.name[language]}</Link>
                </td>
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
          <p className="hint">{t("programme.bonusDays.addHint")}</p>
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
          <button type="submit" className="button" disabled={save.isPending}>
            {t("programme.bonusDays.addSubmit")}
          </button>
        </form>
      ) : null}
    </section>
  );
}
