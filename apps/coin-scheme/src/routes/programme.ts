import { isCalendarDate } from "@hcoins/domain/earn-rules";
import { FIGURES_MAX_DAYS, figuresRange } from "@hcoins/domain/figures-range";
import { parseExpiryPolicy } from "@hcoins/domain/ledger-rules";
import { z } from "zod";
import {
  bonusDaysResponse,
  coinFiguresBreakdownResponse,
  coinFiguresResponse,
  envelope,
  expiryPolicyResponse,
  expiryPreviewResponse,
  ledgerCheckResponse,
  storeResponse,
  storesResponse,
} from "../api-schemas.ts";
import { schemeValidationError } from "../errors.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  brandCode,
  COIN_SCHEME_PREFIX,
  ok,
  operatorName,
  type SchemeApp,
  schemeRoute,
  storeCode,
} from "./fields.ts";

/** The programme's settings: the store registry, the bonus days (read), the expiry policy, the ledger check and its figures. */
export function programmeRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/stores`,
    schemeRoute("all", {
      summary: "The store registry: every store code tills may earn at, with its partner-property flag",
      response: { 200: envelope(storesResponse) },
    }),
    async () => ok(await scheme.stores()),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/stores/:store_code`,
    schemeRoute("all", {
      summary:
        "Register a store code, or change its partner-property flag (electronic payment earns extra) or brand",
      description:
        "Tills earn only at registered stores (6014 otherwise). The member server writes each of its stores here whenever one is created, imported, flagged or moved to another brand, so that the flag the store list shows is the one that earns, and the brand campaigns, segments and missions name is the store's. `brand_code` left out keeps the store's brand; null clears it.",
      params: z.object({ store_code: storeCode }),
      body: z.object({
        partner_property: z.boolean({ error: "required" }),
        brand_code: brandCode.nullable().optional(),
      }),
      response: { 200: envelope(storeResponse) },
    }),
    async (request) => {
      const { partner_property, brand_code } = request.body;
      return ok(await scheme.setStore(request.params.store_code, partner_property, brand_code));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/bonus-days`,
    schemeRoute("till", {
      summary: "The birthday multiplier now and every holiday bonus day, from the programme rules' campaigns",
      description:
        'The birthday month and the holidays are campaigns (`programme_rule` birthday, holiday; decision 238): changed as campaigns, a second operator activating each. `birthday_multiplier` is the live birthday rule\'s ("1" with none); `days` are the dates of the active holiday rules, by date.',
      response: { 200: envelope(bonusDaysResponse) },
    }),
    async () => ok(await scheme.bonusDays()),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/expiry-policy`,
    schemeRoute("all", {
      summary: "The expiry policy: none, year-end (of the year after earning) or N-months",
      response: { 200: envelope(expiryPolicyResponse) },
    }),
    async () => ok(await scheme.expiryPolicy()),
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/expiry-policy`,
    schemeRoute("all", {
      summary: "Set the expiry policy for coins credited from now on",
      description:
        "`none`, `year-end` (coins expire when the year after the one they were earned in ends, Hong Kong time) or `<N>-months` (1 to 120: at the end of the same day N months on). Coins earned before keep the expiry they were given.",
      body: z.object({
        policy: z
          .string({ error: "required" })
          .transform((value, ctx) => {
            const policy = parseExpiryPolicy(value);
            if (!policy) {
              ctx.addIssue({ code: "custom", message: "expiryPolicyInvalid" });
              return z.NEVER;
            }
            return policy;
          })
          .meta({ type: "string", example: "year-end" }),
        operator: operatorName,
      }),
      response: { 200: envelope(expiryPolicyResponse) },
    }),
    async (request) => {
      return ok(await scheme.setExpiryPolicy(request.body.policy, request.body.operator));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/expiry/preview`,
    schemeRoute("all", {
      summary: "Dry run: what the next expiry run (or the one at `at`) would expire",
      querystring: z.object({
        at: z
          .string()
          .refine((text) => !Number.isNaN(Date.parse(text)), "dateInvalid")
          .optional()
          .meta({ description: "an ISO 8601 instant; default the next daily run (00:10 Hong Kong time)" }),
      }),
      response: { 200: envelope(expiryPreviewResponse) },
    }),
    async (request) => {
      const at = request.query.at === undefined ? undefined : Date.parse(request.query.at);
      return ok(await scheme.previewExpiry(at));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/ledger-check`,
    schemeRoute("all", {
      summary: "Proves every balance row against its ledger; lists the accounts that disagree",
      response: { 200: envelope(ledgerCheckResponse) },
    }),
    async () => ok(await scheme.checkLedger()),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/figures`,
    schemeRoute("all", {
      summary:
        "Per Hong Kong day: coins earned, refunded, adjusted, redeemed, cancelled and expired, and what the accounts held",
      description: `Both dates Hong Kong calendar dates, both included, at most ${FIGURES_MAX_DAYS} days (4000 \`rangeTooLong\`; \`dateOrder\` when \`from\` is after \`to\`). \`outstanding\` and \`accounts\` are now; each day's \`outstanding\` is what the accounts held at its end.`,
      querystring: z.object({
        from: z.string({ error: "required" }).refine(isCalendarDate, "date"),
        to: z.string({ error: "required" }).refine(isCalendarDate, "date"),
      }),
      response: { 200: envelope(coinFiguresResponse) },
    }),
    async (request) => {
      const range = figuresRange(request.query, request.query.to);
      if ("rule" in range) throw schemeValidationError(range.field, range.rule);
      return ok(await scheme.figures(range.from, range.to));
    },
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/figures/breakdown`,
    schemeRoute("all", {
      summary:
        "The range's coins per store (entries without one as one line), its redemptions per reward, and its campaigns' and tier multiplier's coins",
      description: `Same range rules as /figures. \`stores\`: per store code (null: adjustments, expiries, forfeits, redemptions, cancellations), each column summed over the lines equals the days' total; \`purchases\` counts purchase entries. \`rewards\`: paid redemptions and their coins, cancellations and the coins given back, goodwill vouchers and their price. \`campaigns\`: per campaign id, the coins its earn lines issued net of the range's refunds, the members and purchases it reached by a purchase in the range; \`tier_multiplier\`: the same for the tier lines, as one line.`,
      querystring: z.object({
        from: z.string({ error: "required" }).refine(isCalendarDate, "date"),
        to: z.string({ error: "required" }).refine(isCalendarDate, "date"),
      }),
      response: { 200: envelope(coinFiguresBreakdownResponse) },
    }),
    async (request) => {
      const range = figuresRange(request.query, request.query.to);
      if ("rule" in range) throw schemeValidationError(range.field, range.rule);
      return ok(await scheme.figuresBreakdown(range.from, range.to));
    },
  );
}
