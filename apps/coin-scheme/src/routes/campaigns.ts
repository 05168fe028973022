import {
  campaignDefinitionSchema,
  DRY_RUN_MAX_DAYS,
  refuseInconsistentCampaign,
} from "@hcoins/domain/campaign-rules";
import { z } from "zod";
import { campaignDryRunResponse, campaignResponse, campaignsResponse, envelope } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import { COIN_SCHEME_PREFIX, ok, operatorName, type SchemeApp, schemeRoute } from "./fields.ts";

const FULL_SCOPE =
  "For full-scope clients only (the member server, a back office): a till key is refused (4030).";
const idParams = z.object({ id: z.coerce.number().int().positive() });

/** A definition as campaign-rules.ts writes it: its end after its start, a programme rule in its shape. */
const definition = campaignDefinitionSchema.superRefine(refuseInconsistentCampaign);
const definitionWithOperator = campaignDefinitionSchema
  .extend({ operator: operatorName })
  .superRefine(refuseInconsistentCampaign);
const RULES =
  "Conditions all hold for a purchase to earn; the electronic extra adds floor(electronic HKD) to the base, a multiplier's bonus is floor(base × (multiplier − 1)) on the base coins, a fixed bonus its coins. Programme rules (`programme_rule`: electronic, birthday, holiday) always apply and stack, with no budget or cap (programmeRuleAction, programmeRuleStacks, programmeRuleUnlimited); among promotions, stacking ones add up, a non-stacking one applies alone and the member gets the larger (docs/coin-scheme.md, Campaigns).";

/** Campaigns (campaigns.ts): written, dry-run, activated by a second operator, paused, ended. */
export function campaignRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/campaigns`,
    schemeRoute("all", {
      summary: "The campaigns, newest first, with what each has issued",
      description: FULL_SCOPE,
      response: { 200: envelope(campaignsResponse) },
    }),
    async () => ok(await scheme.campaigns()),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/campaigns/:id`,
    schemeRoute("all", {
      summary: "One campaign",
      description: `${FULL_SCOPE} 6040 no such campaign.`,
      params: idParams,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.campaign(request.params.id)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns`,
    schemeRoute("all", {
      summary: "Write a campaign as a draft (it earns nothing until a second operator activates it)",
      description: `${FULL_SCOPE} ${RULES}`,
      body: definitionWithOperator,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => {
      const { operator, ...campaign } = request.body;
      return ok(await scheme.createCampaign(campaign, operator));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/campaigns/:id`,
    schemeRoute("all", {
      summary: "Change a draft or paused campaign",
      description: `${FULL_SCOPE} 6040 no such campaign; 6041 it is active or ended. ${RULES}`,
      params: idParams,
      body: definitionWithOperator,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => {
      const { operator, ...campaign } = request.body;
      return ok(await scheme.updateCampaign(request.params.id, campaign, operator));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/dry-run`,
    schemeRoute("all", {
      summary: "What a campaign alone would have issued over the last days of purchases",
      description: `${FULL_SCOPE} Evaluates the definition (saved or not) against every purchase of the last \`days\` (1 to ${DRY_RUN_MAX_DAYS}) in time order: \`coins\` before its per-member cap and budget, \`coins_within_budget\` with them, and the members who would have earned. Other campaigns are not counted against it; a purchase's tier is the one its account was in when it was made (the tier history), its brand its store's today; a segment's members are those of now.`,
      body: z.object({
        campaign: definition,
        days: z.coerce.number().int("invalid").min(1, "invalid").max(DRY_RUN_MAX_DAYS, "invalid"),
      }),
      response: { 200: envelope(campaignDryRunResponse) },
    }),
    async (request) => ok(await scheme.dryRunCampaign(request.body.campaign, request.body.days)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/activate`,
    schemeRoute("all", {
      summary: "Activate a draft or paused campaign: a second operator approved it",
      description: `${FULL_SCOPE} \`operator\` asked, \`approver\` decided (the member server's approvals queue). 6042 the approver is the operator or the campaign's author; 6041 it has ended. Activating an active campaign answers it unchanged.`,
      params: idParams,
      body: z.object({ operator: operatorName, approver: operatorName }),
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) =>
      ok(await scheme.activateCampaign(request.params.id, request.body.operator, request.body.approver)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/pause`,
    schemeRoute("all", {
      summary: "Pause an active campaign: it earns nothing from the next purchase, on every instance",
      description: `${FULL_SCOPE} 6041 it is not active.`,
      params: idParams,
      body: z.object({ operator: operatorName }),
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.pauseCampaign(request.params.id, request.body.operator)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/end`,
    schemeRoute("all", {
      summary: "End a campaign for ever",
      description: `${FULL_SCOPE} 6041 it has ended already.`,
      params: idParams,
      body: z.object({ operator: operatorName }),
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.endCampaign(request.params.id, request.body.operator)),
  );
}
