import { campaignDefinitionSchema, campaignScheduleRule } from "@hcoins/domain/campaign-rules";
import { z } from "zod";
import { campaignDryRunResponse, campaignResponse, campaignsResponse, envelope } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import { COIN_SCHEME_PREFIX, ok, operatorName, type SchemeApp, schemeRoute } from "./fields.ts";

const FULL_SCOPE =
  "For full-scope clients only (the member server, a back office): a till key is refused (4030).";
const idParams = z.object({ id: z.coerce.number().int().positive() });
const definitionBody = z
  .object({ ...campaignDefinitionSchema.shape, operator: operatorName })
  .superRefine(campaignScheduleRule);
const operatorBody = z.object({ operator: operatorName });

/**
 * Campaigns (campaigns.ts): written as drafts, edited while a draft or paused, activated by a
 * second operator, paused, ended; and a dry run of a definition against the ledger's purchases.
 */
export function campaignRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/campaigns`,
    schemeRoute("all", {
      summary:
        "Every campaign, newest first, with its status, budget spent and the members and purchases it earned",
      description: FULL_SCOPE,
      response: { 200: envelope(campaignsResponse) },
    }),
    async () => ok(await scheme.campaigns.list()),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/dry-run`,
    schemeRoute("all", {
      summary: "What a campaign would have given over the last 1 to 90 days of purchases",
      description: `${FULL_SCOPE} The definition alone (no other campaign stacks with it) against the ledger's purchases of the last \`days\` days in time order, its per-member cap and budget applied as at the till. Changes nothing.`,
      body: z.object({
        campaign: campaignDefinitionSchema.superRefine(campaignScheduleRule),
        days: z.number({ error: "required" }).int("daysInvalid").min(1, "daysInvalid").max(90, "daysInvalid"),
      }),
      response: { 200: envelope(campaignDryRunResponse) },
    }),
    async (request) => ok(await scheme.campaigns.dryRun(request.body.campaign, request.body.days)),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/campaigns/:id`,
    schemeRoute("all", {
      summary: "One campaign",
      description: `${FULL_SCOPE} 6040 no such campaign.`,
      params: idParams,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.campaigns.get(request.params.id)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns`,
    schemeRoute("all", {
      summary: "Write a campaign as a draft (it earns nothing until a second operator activates it)",
      description: `${FULL_SCOPE} \`operator\` is who wrote it; the approver of its activation must be someone else.`,
      body: definitionBody,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => {
      const { operator, ...definition } = request.body;
      return ok(await scheme.campaigns.create(definition, operator));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/campaigns/:id`,
    schemeRoute("all", {
      summary: "Change a draft or a paused campaign",
      description: `${FULL_SCOPE} 6040 no such campaign; 6041 it is active or ended.`,
      params: idParams,
      body: definitionBody,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => {
      const { operator, ...definition } = request.body;
      return ok(await scheme.campaigns.update(request.params.id, definition, operator));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/activate`,
    schemeRoute("all", {
      summary: "Activate a draft or paused campaign, approved by a second operator",
      description: `${FULL_SCOPE} It earns within its schedule from the next purchase. 6040 no such campaign; 6041 active already or ended; 6042 the approver is the operator or the campaign's creator.`,
      params: idParams,
      body: z.object({ operator: operatorName, approver: operatorName }),
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => {
      const { operator, approver } = request.body;
      return ok(await scheme.campaigns.activate(request.params.id, operator, approver));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/pause`,
    schemeRoute("all", {
      summary: "Pause an active campaign: it earns nothing from the next purchase, on every instance",
      description: `${FULL_SCOPE} 6040 no such campaign; 6041 it is not active. Activating it again needs a second operator again.`,
      params: idParams,
      body: operatorBody,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.campaigns.pause(request.params.id, request.body.operator)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/campaigns/:id/end`,
    schemeRoute("all", {
      summary: "End a campaign for ever: it earns nothing from the next purchase",
      description: `${FULL_SCOPE} 6040 no such campaign; 6041 ended already. Its lines stay on members' statements, and refunds still take theirs back.`,
      params: idParams,
      body: operatorBody,
      response: { 200: envelope(campaignResponse) },
    }),
    async (request) => ok(await scheme.campaigns.end(request.params.id, request.body.operator)),
  );
}
