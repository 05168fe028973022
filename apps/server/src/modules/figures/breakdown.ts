import type { ConsoleFiguresBreakdown } from "@hcoins/domain/api/console-figures";
import { STORE_FIGURE_COLUMNS, zeroes } from "@hcoins/domain/coin-figures";
import { programmeDate } from "@hcoins/domain/earn-rules";
import { figuresRange } from "@hcoins/domain/figures-range";
import type { Language } from "@hcoins/domain/languages";
import { validationError } from "../../errors.ts";
import { localizedIn, textIn } from "../../localized-text.ts";
import type { CoinSchemeClient } from "../coins/coin-scheme-client.ts";
import type { StoreService } from "../stores/service.ts";

type Movements = ConsoleFiguresBreakdown["no_store"];

const MOVEMENT_NAMES = STORE_FIGURE_COLUMNS satisfies readonly (keyof Movements)[];

const movementsOf = (line: Movements): Movements =>
  Object.fromEntries(MOVEMENT_NAMES.map((name) => [name, line[name]])) as Movements;

const zero = (): Movements => zeroes(MOVEMENT_NAMES);

const add = (sum: Movements, line: Movements) => {
  for (const name of MOVEMENT_NAMES) sum[name] += line[name];
};

/**
 * The figures page's breakdown: the coin scheme's lines per store code, per reward id and per
 * campaign id, named here (stores and their brands are this server's registry, rewards the
 * scheme's catalogue, campaigns its campaign list with their budgets) in the operator's language, and the stores summed per brand. Unlike the day figures there is
 * nothing to show without the scheme, so its refusal or absence answers as every coin call does.
 */
export class FiguresBreakdownReport {
  constructor(
    private readonly coinScheme: CoinSchemeClient,
    private readonly stores: StoreService,
    private readonly now: () => number,
  ) {}

  async show(
    asked: { from?: string | undefined; to?: string | undefined },
    lang: Language,
  ): Promise<ConsoleFiguresBreakdown> {
    const range = figuresRange(asked, programmeDate(this.now()));
    if ("rule" in range) throw validationError([{ field: range.field, rule: range.rule }]);
    const { from, to } = range;
    const [split, known, catalogue, programme] = await Promise.all([
      this.coinScheme.figuresBreakdown(from, to),
      this.stores.listAllStores(),
      this.coinScheme.rewards({ activeOnly: false }),
      this.coinScheme.campaigns(),
    ]);
    const byCode = new Map(known.map((store) => [store.code, store]));
    const rewardNames = new Map(
      catalogue.rewards.map((reward) => [reward.id, localizedIn(reward.title, lang)]),
    );

    const noStore = zero();
    const stores: ConsoleFiguresBreakdown["stores"] = [];
    for (const line of split.stores) {
      if (line.store_code === null) {
        add(noStore, movementsOf(line));
        continue;
      }
      const store = byCode.get(line.store_code);
      stores.push({
        store_code: line.store_code,
        name: store ? textIn(store, "name", lang) : null,
        brand_code: store?.brand_code ?? null,
        brand_name: store ? textIn(store, "brand_name", lang) : null,
        ...movementsOf(line),
      });
    }

    const brands = new Map<string | null, ConsoleFiguresBreakdown["brands"][number]>();
    for (const store of stores) {
      const brand = brands.get(store.brand_code) ?? {
        brand_code: store.brand_code,
        name: store.brand_name,
        stores: 0,
        ...zero(),
      };
      brands.set(store.brand_code, brand);
      brand.stores += 1;
      add(brand, movementsOf(store));
    }
    // Named brands by name, the stores this server does not know last.
    const brandLines = [...brands.values()].sort((a, b) =>
      a.brand_code === null ? 1 : b.brand_code === null ? -1 : (a.name ?? "").localeCompare(b.name ?? ""),
    );

    const rewards = split.rewards.map((line) => ({ ...line, name: rewardNames.get(line.reward_id) ?? null }));
    const campaignsById = new Map(programme.campaigns.map((campaign) => [campaign.id, campaign]));
    const campaigns = split.campaigns.map((line) => {
      const campaign = campaignsById.get(line.campaign_id);
      const budget = campaign?.budget_coins ?? null;
      return {
        ...line,
        name: campaign ? localizedIn(campaign.name, lang) : null,
        budget_coins: budget,
        // What the campaign may still issue now: its budget less all it has spent, not the range's.
        budget_left: campaign && budget !== null ? budget - campaign.spent_coins : null,
      };
    });
    return {
      from,
      to,
      stores,
      brands: brandLines,
      no_store: noStore,
      rewards,
      campaigns,
      tier_multiplier: split.tier_multiplier,
    };
  }
}
