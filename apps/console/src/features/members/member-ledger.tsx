import { LEDGER_PAGE_SIZE, memberLedgerQuery as ledgerSchema } from "@hcoins/domain/api/console-ledger";
import { LEDGER_KINDS } from "@hcoins/domain/ledger-kinds";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { fieldErrors } from "../../api/error-message.ts";
import { memberLedgerQuery } from "../../api/member-ledger.ts";
import { Field } from "../../components/field.tsx";
import { Pager, pageCount } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { type ListSort, SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { contractRules, rulesOf } from "../../lib/contract-rules.ts";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { EarnLinesCell } from "./earn-lines-cell.tsx";
import { LedgerReason } from "./ledger-reason.tsx";
import { maskedCode } from "./masked-code.ts";

const FILTERS = ["kind", "from", "to", "store_code", "receipt_no"] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

/** The filters as typed, without the empty ones (the call leaves those out). */
function filtersOf(form: FormData): Filters {
  const filters: Filters = {};
  for (const name of FILTERS) {
    const value = String(form.get(name) ?? "").trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * The member's whole H Coins ledger, a page at a time: each entry with its store and receipt,
 * filtered by kind, Hong Kong days, store and part of a receipt number, sorted by time. What an
 * agent needs to settle a receipt dispute from months ago.
 */
export function MemberLedger({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort<"created_at">>({ column: "created_at", dir: "desc" });
  const [rules, setRules] = useState<Record<string, string>>({});
  const query = { ...filters, page, page_size: LEDGER_PAGE_SIZE, dir: sort.dir } as const;
  const ledger = useQuery(memberLedgerQuery(memberId, query));
  const serverRules = rulesOf(fieldErrors(ledger.error));
  const shown = { ...serverRules, ...rules };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = filtersOf(new FormData(event.currentTarget));
    const found = rulesOf(contractRules(ledgerSchema, next));
    if (next.from && next.to && next.to < next.from) found.to ??= "dateOrder";
    setRules(found);
    if (Object.keys(found).length > 0) return;
    setFilters(next);
    setPage(1);
  };
  const clear = (event: FormEvent<HTMLFormElement>) => {
    setRules({});
    setFilters({});
    setPage(1);
    event.currentTarget.reset();
  };

  const language = currentLanguage();
  const data = ledger.data;

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t("ledger.title")}</h3>
      <form className="filters" onSubmit={submit} onReset={clear} noValidate>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t("ledger.kind")}</label>
          <select id={`${id}-kind`} name="kind" defaultValue="">
            <option value="">{t("ledger.anyKind")}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t("ledger.from")} name="from" type="date" error={shown.from} />
        <Field label={t("ledger.to")} name="to" type="date" error={shown.to} />
        <Field
          label={t("ledger.store")}
          name="store_code"
          hint={t("ledger.storeHint")}
          maxLength={32}
          error={shown.store_code}
        />
        <Field
          label={t("ledger.receipt")}
          name="receipt_no"
          hint={t("ledger.receiptHint")}
          maxLength={64}
          error={shown.receipt_no}
        />
        <div className="filter-actions">
          <button type="submit" className="button">
            {t("ledger.apply")}
          </button>
          <button type="reset" className="button secondary">
            {t("ledger.clear")}
          </button>
        </div>
      </form>
      {Object.keys(serverRules).length > 0 ? null : <QueryState query={ledger} />}
      {data ? (
        data.entries.length === 0 ? (
          <p role="status">{t("ledger.none")}</p>
        ) : (
          <>
            <TableScroll label={t("ledger.title")}>
              <table>
                <caption>{t("ledger.count", { count: data.total })}</caption>
                <thead>
                  <tr>
                    <SortHeader
                      label={t("ledger.time")}
                      column="created_at"
                      sort={sort}
                      firstDir="desc"
                      onSort={(next) => {
                        setSort(next);
                        setPage(1);
                      }}
                    />
                    <th scope="col">{t("ledger.kind")}</th>
                    <th scope="col">{t("ledger.coins")}</th>
                    <th scope="col">{t("ledger.lines.column")}</th>
                    <th scope="col">{t("ledger.store")}</th>
                    <th scope="col">{t("ledger.receipt")}</th>
                    <th scope="col">{t("ledger.netAmount")}</th>
                    <th scope="col">{t("ledger.reason")}</th>
                    <th scope="col">{t("ledger.actor")}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((entry) => (
                    <tr key={entry.id}>
                      <td className="nowrap">{formatTime(entry.created_at)}</td>
                      <td className="keep-words">
                        {t(`ledger.kinds.${entry.kind}`, { defaultValue: entry.kind })}
                      </td>
                      <td className="nowrap">{formatNumber(entry.coins)}</td>
                      <td>
                        <EarnLinesCell lines={entry.lines} />
                      </td>
                      <td className="keep-words">
                        {entry.store_code
                          ? [entry.store_code, entry.store_name?.[language]].filter(Boolean).join(" · ")
                          : "—"}
                      </td>
                      <td>
                        {entry.receipt_no ??
                          (entry.voucher_code_last_four ? maskedCode(entry.voucher_code_last_four) : "—")}
                      </td>
                      <td className="nowrap">{entry.net_amount === null ? "—" : `HK$${entry.net_amount}`}</td>
                      <td>{entry.reason ? <LedgerReason reason={entry.reason} note={entry.note} /> : "—"}</td>
                      <td>{entry.actor}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager
              page={page}
              pages={pageCount(data.total, LEDGER_PAGE_SIZE)}
              onPage={setPage}
              label={t("ledger.pages")}
            />
          </>
        )
      ) : null}
    </section>
  );
}
