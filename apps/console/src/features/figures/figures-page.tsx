import type { ConsoleFigures } from "@hcoins/domain/api/console-figures";
import { programmeDate } from "@hcoins/domain/earn-rules";
import {
  addDays,
  defaultFiguresRange,
  FIGURES_DEFAULT_DAYS,
  figuresRange,
} from "@hcoins/domain/figures-range";
import { HTML_LANG } from "@hcoins/domain/languages";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { useSearchParams } from "react-router";
import { fieldErrors } from "../../api/error-message.ts";
import { figuresQuery } from "../../api/figures.ts";
import { Field } from "../../components/field.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { FiguresBreakdown } from "./figures-breakdown.tsx";
import { FiguresCsvLink } from "./figures-csv-link.tsx";

const PRESETS = [7, 30, 90] as const;

/** The share of SMS handed to the sender that failed, or null when none was. */
export function failureRate(sent: number, failed: number): number | null {
  return sent + failed === 0 ? null : failed / (sent + failed);
}

const formatPercent = (share: number) =>
  new Intl.NumberFormat(HTML_LANG[currentLanguage()], { style: "percent", maximumFractionDigits: 1 }).format(
    share,
  );

/**
 * The figures an operator watches, per Hong Kong day: registrations, logins, SMS sent and failed
 * (the member server's) and the coins earned, redeemed, expired and outstanding (the scheme's).
 * The range lives in the address, so a view can be shared; the table is the source, newest day first.
 */
export function Component() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = programmeDate(Date.now());
  const asked = { from: params.get("from") || undefined, to: params.get("to") || undefined };
  const range = figuresRange(asked, today);
  const valid = "rule" in range ? defaultFiguresRange(today) : range;
  const figures = useQuery(figuresQuery(valid));
  const refused = fieldErrors(figures.error);
  const ruleOf = (field: "from" | "to") =>
    "rule" in range && range.field === field
      ? range.rule
      : refused.find((error) => error.field === field)?.rule;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const name of ["from", "to"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value) next.set(name, value);
    }
    setParams(next);
  };
  const preset = (days: number) => setParams({ from: addDays(today, 1 - days), to: today });

  return (
    <section className="page">
      <h1>{t("figures.title")}</h1>
      <form className="filters" onSubmit={submit} key={params.toString()} noValidate>
        <Field
          label={t("figures.from")}
          name="from"
          type="date"
          defaultValue={asked.from ?? valid.from}
          error={ruleOf("from")}
        />
        <Field
          label={t("figures.to")}
          name="to"
          type="date"
          defaultValue={asked.to ?? valid.to}
          error={ruleOf("to")}
        />
        <div className="filter-actions">
          <button type="submit" className="button">
            {t("figures.show")}
          </button>
          {PRESETS.map((days) => (
            <button key={days} type="button" className="button secondary" onClick={() => preset(days)}>
              {t("figures.lastDays", { count: days })}
            </button>
          ))}
        </div>
      </form>
      {"rule" in range ? (
        <p className="hint" role="status">
          {t("figures.showingDefault", { count: FIGURES_DEFAULT_DAYS })}
        </p>
      ) : null}
      <QueryState query={figures} />
      {figures.data ? <FiguresCsvLink from={figures.data.from} to={figures.data.to} /> : null}
      {figures.data ? <Figures figures={figures.data} /> : null}
      {figures.data?.coins ? <FiguresBreakdown from={figures.data.from} to={figures.data.to} /> : null}
    </section>
  );
}

function Figures({ figures }: { figures: ConsoleFigures }) {
  const { t } = useTranslation();
  const { totals, coins } = figures;
  const rate = failureRate(totals.sms_sent, totals.sms_failed);
  const coinDays = new Map(coins?.days.map((day) => [day.day, day]));
  const coin = (value: number | undefined) => (value === undefined ? "—" : formatNumber(value));
  const headline: [string, string][] = [
    [t("figures.registrations"), formatNumber(totals.registrations)],
    [t("figures.logins"), formatNumber(totals.logins)],
    [t("figures.smsSent"), formatNumber(totals.sms_sent)],
    [
      t("figures.smsFailed"),
      rate === null
        ? formatNumber(totals.sms_failed)
        : t("figures.failedWithRate", {
            count: totals.sms_failed,
            failed: formatNumber(totals.sms_failed),
            rate: formatPercent(rate),
          }),
    ],
  ];
  if (coins) {
    headline.push(
      [t("figures.earned"), formatNumber(coins.totals.earned)],
      [t("figures.redeemed"), formatNumber(coins.totals.redeemed)],
      [
        t("goodwillFigures.headline"),
        t("goodwillFigures.value", {
          count: coins.totals.goodwill_vouchers,
          vouchers: formatNumber(coins.totals.goodwill_vouchers),
          coins: formatNumber(coins.totals.goodwill_coins),
        }),
      ],
      [
        t("figures.outstanding"),
        t("figures.outstandingValue", {
          coins: formatNumber(coins.outstanding),
          count: coins.accounts,
          accounts: formatNumber(coins.accounts),
        }),
      ],
    );
  }
  return (
    <>
      <h2>{t("figures.totals", { from: figures.from, to: figures.to })}</h2>
      <dl className="headline">
        {headline.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {coins ? null : (
        <p className="alert" role="status">
          {t("figures.coinsUnavailable")}
        </p>
      )}
      <TableScroll label={t("figures.perDay")}>
        <table className="numbers">
          <caption>{t("figures.perDayCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("figures.day")}</th>
              <th scope="col">{t("figures.registrations")}</th>
              <th scope="col">{t("figures.logins")}</th>
              <th scope="col">{t("figures.smsSent")}</th>
              <th scope="col">{t("figures.smsFailed")}</th>
              <th scope="col">{t("figures.earned")}</th>
              <th scope="col">{t("figures.refunded")}</th>
              <th scope="col">{t("figures.adjusted")}</th>
              <th scope="col">{t("figures.redeemed")}</th>
              <th scope="col">{t("figures.cancelled")}</th>
              <th scope="col">{t("figures.expired")}</th>
              <th scope="col">{t("figures.forfeited")}</th>
              <th scope="col">{t("goodwillFigures.vouchers")}</th>
              <th scope="col">{t("goodwillFigures.coins")}</th>
              <th scope="col">{t("figures.outstanding")}</th>
            </tr>
          </thead>
          <tbody>
            {figures.days.toReversed().map((day) => {
              const moved = coinDays.get(day.day);
              return (
                <tr key={day.day}>
                  <th scope="row" className="nowrap">
                    {day.day}
                  </th>
                  <td>{formatNumber(day.registrations)}</td>
                  <td>{formatNumber(day.logins)}</td>
                  <td>{formatNumber(day.sms_sent)}</td>
                  <td>{formatNumber(day.sms_failed)}</td>
                  <td>{coin(moved?.earned)}</td>
                  <td>{coin(moved?.refunded)}</td>
                  <td>{coin(moved?.adjusted)}</td>
                  <td>{coin(moved?.redeemed)}</td>
                  <td>{coin(moved?.cancelled)}</td>
                  <td>{coin(moved?.expired)}</td>
                  <td>{coin(moved?.forfeited)}</td>
                  <td>{coin(moved?.goodwill_vouchers)}</td>
                  <td>{coin(moved?.goodwill_coins)}</td>
                  <td>{coin(moved?.outstanding)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
