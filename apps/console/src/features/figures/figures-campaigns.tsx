import { BREAKDOWN_CAMPAIGN_COLUMNS, type ConsoleFiguresBreakdown } from "@hcoins/domain/api/console-figures";
import { SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { type SortValues, useSortedPage } from "../../components/use-sorted-page.ts";
import { formatNumber } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

type CampaignLine = ConsoleFiguresBreakdown["campaigns"][number];

const BUDGET_COLUMNS = ["budget_coins", "budget_left"] as const;

/** Every campaign on one page: the coins of the programme's extras are read together. */
const ALL = 100_000;

/**
 * What the programme's extras cost in the range: each campaign's coins (net of the range's
 * refunds), the members and purchases it reached and its budget, then the tier multiplier's line.
 * Members and purchases have no total: one purchase can earn several campaigns.
 */
export function CampaignTable({ figures }: { figures: ConsoleFiguresBreakdown }) {
  const { t } = useTranslation();
  const values = {
    name: (row: CampaignLine) => row.name,
    ...(Object.fromEntries(
      [...BREAKDOWN_CAMPAIGN_COLUMNS, ...BUDGET_COLUMNS].map((name) => [
        name,
        (row: CampaignLine) => row[name],
      ]),
    ) as SortValues<
      CampaignLine,
      (typeof BREAKDOWN_CAMPAIGN_COLUMNS)[number] | (typeof BUDGET_COLUMNS)[number]
    >),
  };
  const list = useSortedPage<CampaignLine, keyof typeof values>(
    figures.campaigns,
    values,
    { column: "coins", dir: "desc" },
    ALL,
  );
  const tier = figures.tier_multiplier;
  if (figures.campaigns.length === 0 && tier.coins === 0 && tier.purchases === 0) {
    return <p>{t("figuresBreakdown.noExtras")}</p>;
  }
  const columns = BREAKDOWN_CAMPAIGN_COLUMNS.length + BUDGET_COLUMNS.length;
  return (
    <TableScroll label={t("figuresBreakdown.by.campaign")}>
      <table className="numbers">
        <caption>{t("figuresBreakdown.caption.campaign")}</caption>
        <thead>
          <tr>
            <SortHeader
              label={t("figuresBreakdown.campaign")}
              column="name"
              sort={list.sort}
              onSort={list.setSort}
            />
            {[...BREAKDOWN_CAMPAIGN_COLUMNS, ...BUDGET_COLUMNS].map((name) => (
              <SortHeader
                key={name}
                label={t(`figuresBreakdown.campaignColumns.${name}`)}
                column={name}
                sort={list.sort}
                onSort={list.setSort}
                firstDir="desc"
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {list.rows.length === 0 ? (
            <tr>
              <td colSpan={columns + 1}>{t("figuresBreakdown.noCampaigns")}</td>
            </tr>
          ) : null}
          {list.rows.map((row) => (
            <tr key={row.campaign_id}>
              <th scope="row">{row.name ?? t("figuresBreakdown.campaignGone", { id: row.campaign_id })}</th>
              {BREAKDOWN_CAMPAIGN_COLUMNS.map((name) => (
                <td key={name}>{formatNumber(row[name])}</td>
              ))}
              {BUDGET_COLUMNS.map((name) => {
                const coins = row[name];
                return (
                  <td key={name}>{coins === null ? t("figuresBreakdown.noBudget") : formatNumber(coins)}</td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("figuresBreakdown.tierMultiplier")}</th>
            {BREAKDOWN_CAMPAIGN_COLUMNS.map((name) => (
              <td key={name}>{formatNumber(tier[name])}</td>
            ))}
            {BUDGET_COLUMNS.map((name) => (
              <td key={name}>—</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
