import { segmentConditionsSchema, segmentDefinitionSchema } from "@hcoins/domain/segment-rules";
import { z } from "zod";
import {
  envelope,
  segmentCountResponse,
  segmentRemoveResponse,
  segmentResponse,
  segmentsResponse,
} from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import { COIN_SCHEME_PREFIX, ok, operatorName, type SchemeApp, schemeRoute } from "./fields.ts";

const FULL_SCOPE =
  "For full-scope clients only (the member server, a back office): a till key is refused (4030).";
const idParams = z.object({ id: z.coerce.number().int().positive() });
const definitionWithOperator = segmentDefinitionSchema.extend({ operator: operatorName });
const RULES =
  "Conditions over accounts, all of which must hold: tier, purchased_within, spend, brands_bought, joined, birth_month, and over the profile facts the member server sends: region, district, age_range, marketing_consent (docs/coin-scheme.md, Segments). `members` is how many accounts are in it now.";

/** Segments (segments.ts): conditions over accounts, counted live, for campaigns and rewards. */
export function segmentRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/segments`,
    schemeRoute("all", {
      summary: "The segments, newest first, each with how many accounts are in it now",
      description: `${FULL_SCOPE} ${RULES}`,
      response: { 200: envelope(segmentsResponse) },
    }),
    async () => ok(await scheme.segments()),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/segments/:id`,
    schemeRoute("all", {
      summary: "One segment",
      description: `${FULL_SCOPE} 6070 no such segment.`,
      params: idParams,
      response: { 200: envelope(segmentResponse) },
    }),
    async (request) => ok(await scheme.segment(request.params.id)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/segments`,
    schemeRoute("all", {
      summary: "Save a segment",
      description: `${FULL_SCOPE} ${RULES}`,
      body: definitionWithOperator,
      response: { 200: envelope(segmentResponse) },
    }),
    async (request) => {
      const { operator, ...segment } = request.body;
      return ok(await scheme.createSegment(segment, operator));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/segments/:id`,
    schemeRoute("all", {
      summary: "Change a segment's names and conditions",
      description: `${FULL_SCOPE} 6070 no such segment. ${RULES}`,
      params: idParams,
      body: definitionWithOperator,
      response: { 200: envelope(segmentResponse) },
    }),
    async (request) => {
      const { operator, ...segment } = request.body;
      return ok(await scheme.updateSegment(request.params.id, segment, operator));
    },
  );

  app.delete(
    `${COIN_SCHEME_PREFIX}/segments/:id`,
    schemeRoute("all", {
      summary: "Delete a segment",
      description: `${FULL_SCOPE} 6070 no such segment; 6071 a campaign that has not ended or an active reward names it (\`campaign_ids\`, \`reward_ids\` in the details).`,
      params: idParams,
      response: { 200: envelope(segmentRemoveResponse) },
    }),
    async (request) => {
      await scheme.removeSegment(request.params.id);
      return ok({ removed: true });
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/segments/count`,
    schemeRoute("all", {
      summary: "How many accounts meet these conditions now (saved or not): the console's live count",
      description: `${FULL_SCOPE} ${RULES}`,
      body: z.object({ conditions: segmentConditionsSchema }),
      response: { 200: envelope(segmentCountResponse) },
    }),
    async (request) => ok(await scheme.countSegment(request.body.conditions)),
  );
}
