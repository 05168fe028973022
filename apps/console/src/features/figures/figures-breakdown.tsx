import type { ConsoleFiguresBreakdown } from "@hcoins/domain/api/console-figures";
import {
  BREAKDOWN_MOVEMENTS,
  BREAKDOWN_REWARD_COLUMNS,
  BREAKDOWNS,
  type Breakdown,
  consoleFigures,
} from "@hcoins/domain/api/console-figures";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { callUrl } from "../../api/client.ts";
import { figuresBreakdownQuery } from "../../api/figures.ts";
import { QueryState } from "../../components/query-state.tsx";
import { SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { type SortValues, useSortedPage } from "../../components/use-sorted-page.ts";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { CampaignTable } from "./figures-campaigns.tsx";

type Movements = ConsoleFiguresBreakdown["no_store"];
type StoreLine = ConsoleFiguresBreakdown["stores"][number];
type BrandLine = ConsoleFiguresBreakdown["brands"][number];
type RewardLine = ConsoleFiguresBreakdown["rewards"][number];

/** Every line is on one page: a programme has tens of stores and rewards, and the sums need them all. */
const ALL = 100_000;

const movementSorts = <Row extends Movements>() =>
  Object.fromEntries(BREAKDOWN_MOVEMENTS.map((name) => [name, (row: Row) => row[name]])) as SortValues<
    Row,
    (typeof BREAKDOWN_MOVEMENTS)[number]
  >;

/**
 * The range's coins by store, by brand, by reward or by campaign (figures-campaigns.tsx), each a
 * table the operator sorts, with its CSV file. The store and brand tables end with the entries no store made, so their columns add
 * up to the totals above.
 */
export function FiguresBreakdown({ from, to }: { from: string; to: string }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<Breakdown>("store");
  const lang = currentLanguage();
  const breakdown = useQuery(figuresBreakdownQuery({ from, to }, lang));
  return (
    <section aria-labelledby="figures-breakdown">
      <h2 id="figures-breakdown">{t("figuresBreakdown.title")}</h2>
      <fieldset className="segmented">
        <legend>{t("figuresBreakdown.switch")}</legend>
        {BREAKDOWNS.map((one) => (
          <button
            key={one}
            type="button"
            className={one === by ? "button" : "button secondary"}
            aria-pressed={one === by}
            onClick={() => setBy(one)}
          >
            {t(`figuresBreakdown.by.${one}`)}
          </button>
        ))}
      </fieldset>
      <p>
        <a
          className="button secondary"
          href={callUrl(consoleFigures.breakdownCsv, { query: { from, to, by, lang } })}
          download
        >
          {t(`figuresBreakdown.csv.${by}`)}
        </a>
      </p>
      <QueryState query={breakdown} />
      {breakdown.data && by === "store" ? <StoreTable figures={breakdown.data} /> : null}
      {breakdown.data && by === "brand" ? <BrandTable figures={breakdown.data} /> : null}
      {breakdown.data && by === "reward" ? <RewardTable figures={breakdown.data} /> : null}
      {breakdown.data && by === "campaign" ? <CampaignTable figures={breakdown.data} /> : null}
    </section>
  );
}

function MovementHeaders<Column extends string>({
  sort,
  onSort,
}: {
  sort: { column: Column; dir: "asc" | "desc" } | null;
  onSort: (next: { column: Column; dir: "asc" | "desc" }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {BREAKDOWN_MOVEMENTS.map((name) => (
        <SortHeader
          key={name}
          label={t(name === "purchases" ? "figuresBreakdown.purchases" : `figures.${name}`)}
          column={name as unknown as Column}
          sort={sort}
          onSort={onSort}
          firstDir="desc"
        />
      ))}
    </>
  );
}

const movementCells = (line: Movements) =>
  BREAKDOWN_MOVEMENTS.map((name) => <td key={name}>{formatNumber(line[name])}</td>);

function NoStoreRow({ figures, span }: { figures: ConsoleFiguresBreakdown; span: number }) {
  const { t } = useTranslation();
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={span}>
          {t("figuresBreakdown.noStore")}
        </th>
        {movementCells(figures.no_store)}
      </tr>
    </tfoot>
  );
}

function StoreTable({ figures }: { figures: ConsoleFiguresBreakdown }) {
  const { t } = useTranslation();
  const values = {
    store_code: (row: StoreLine) => row.store_code,
    name: (row: StoreLine) => row.name,
    brand_name: (row: StoreLine) => row.brand_name,
    ...movementSorts<StoreLine>(),
  };
  const list = useSortedPage<StoreLine, keyof typeof values>(
    figures.stores,
    values,
    { column: "earned", dir: "desc" },
    ALL,
  );
  return (
    <TableScroll label={t("figuresBreakdown.by.store")}>
      <table className="numbers">
        <caption>{t("figuresBreakdown.caption.store")}</caption>
        <thead>
          <tr>
            <SortHeader
              label={t("figuresBreakdown.storeCode")}
              column="store_code"
              sort={list.sort}
              onSort={list.setSort}
            />
            <SortHeader
              label={t("figuresBreakdown.store")}
              column="name"
              sort={list.sort}
              onSort={list.setSort}
            />
            <SortHeader
              label={t("figuresBreakdown.brand")}
              column="brand_name"
              sort={list.sort}
              onSort={list.setSort}
            />
            <MovementHeaders sort={list.sort} onSort={list.setSort} />
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.store_code}>
              <th scope="row" className="nowrap">
                {row.store_code}
              </th>
              <td>{row.name ?? t("figuresBreakdown.notListed")}</td>
              <td>{row.brand_name ?? "—"}</td>
              {movementCells(row)}
            </tr>
          ))}
        </tbody>
        <NoStoreRow figures={figures} span={3} />
      </table>
    </TableScroll>
  );
}

function BrandTable({ figures }: { figures: ConsoleFiguresBreakdown }) {
  const { t } = useTranslation();
  const values = {
    name: (row: BrandLine) => row.name,
    stores: (row: BrandLine) => row.stores,
    ...movementSorts<BrandLine>(),
  };
  const list = useSortedPage<BrandLine, keyof typeof values>(
    figures.brands,
    values,
    { column: "earned", dir: "desc" },
    ALL,
  );
  return (
    <TableScroll label={t("figuresBreakdown.by.brand")}>
      <table className="numbers">
        <caption>{t("figuresBreakdown.caption.brand")}</caption>
        <thead>
          <tr>
            <SortHeader
              label={t("figuresBreakdown.brand")}
              column="name"
              sort={list.sort}
              onSort={list.setSort}
            />
            <SortHeader
              label={t("figuresBreakdown.stores")}
              column="stores"
              sort={list.sort}
              onSort={list.setSort}
              firstDir="desc"
            />
            <MovementHeaders sort={list.sort} onSort={list.setSort} />
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.brand_code ?? ""}>
              <th scope="row">{row.name ?? t("figuresBreakdown.unknownBrand")}</th>
              <td>{formatNumber(row.stores)}</td>
              {movementCells(row)}
            </tr>
          ))}
        </tbody>
        <NoStoreRow figures={figures} span={2} />
      </table>
    </TableScroll>
  );
}

function RewardTable({ figures }: { figures: ConsoleFiguresBreakdown }) {
  const { t } = useTranslation();
  const values = {
    name: (row: RewardLine) => row.name,
    ...(Object.fromEntries(
      BREAKDOWN_REWARD_COLUMNS.map((name) => [name, (row: RewardLine) => row[name]]),
    ) as SortValues<RewardLine, (typeof BREAKDOWN_REWARD_COLUMNS)[number]>),
  };
  const list = useSortedPage<RewardLine, keyof typeof values>(
    figures.rewards,
    values,
    { column: "redemptions", dir: "desc" },
    ALL,
  );
  return (
    <TableScroll label={t("figuresBreakdown.by.reward")}>
      <table className="numbers">
        <caption>{t("figuresBreakdown.caption.reward")}</caption>
        <thead>
          <tr>
            <SortHeader
              label={t("figuresBreakdown.reward")}
              column="name"
              sort={list.sort}
              onSort={list.setSort}
            />
            {BREAKDOWN_REWARD_COLUMNS.map((name) => (
              <SortHeader
                key={name}
                label={t(`figuresBreakdown.rewardColumns.${name}`)}
                column={name}
                sort={list.sort}
                onSort={list.setSort}
                firstDir="desc"
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {list.rows.map((row) => (
            <tr key={row.reward_id}>
              <th scope="row">{row.name ?? t("figuresBreakdown.rewardGone", { id: row.reward_id })}</th>
              {BREAKDOWN_REWARD_COLUMNS.map((name) => (
                <td key={name}>{formatNumber(row[name])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
