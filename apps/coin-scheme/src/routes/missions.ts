import { refuseEndBeforeStart } from "@hcoins/domain/campaign-rules";
import { missionDefinitionSchema } from "@hcoins/domain/mission-rules";
import { z } from "zod";
import { envelope, memberMissionsResponse, missionResponse, missionsResponse } from "../api-schemas.ts";
import type { CoinSchemeService } from "../service.ts";
import {
  COIN_SCHEME_PREFIX,
  hcoinsMemberNo,
  ok,
  operatorName,
  type SchemeApp,
  schemeRoute,
} from "./fields.ts";

const FULL_SCOPE =
  "For full-scope clients only (the member server, a back office): a till key is refused (4030).";
const idParams = z.object({ id: z.coerce.number().int().positive() });

const definitionWithOperator = missionDefinitionSchema
  .extend({ operator: operatorName })
  .superRefine(refuseEndBeforeStart);
const RULES =
  "A qualifying purchase (at one of `store_codes`, at a store of one of `brand_codes`, of at least `min_net_amount`; empty or null = any) stamps the member's card of the period (a Hong Kong month, or the whole schedule): `purchases` one stamp each, `distinct_brands` one per brand. At `goal` stamps the mission completes once per member and period, takes one of `budget_completions` and issues `reward_id` as a voucher at no coins (docs/coin-scheme.md, Missions). 6083 the reward is not in the catalogue.";

/** E-stamp missions (missions.ts): written, activated by a second operator, paused, ended; a member's cards. */
export function missionRoutes(app: SchemeApp, scheme: CoinSchemeService) {
  app.get(
    `${COIN_SCHEME_PREFIX}/missions`,
    schemeRoute("all", {
      summary: "The e-stamp missions, newest first, with their completions",
      description: FULL_SCOPE,
      response: { 200: envelope(missionsResponse) },
    }),
    async () => ok(await scheme.missions()),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/missions/:id`,
    schemeRoute("all", {
      summary: "One mission",
      description: `${FULL_SCOPE} 6080 no such mission.`,
      params: idParams,
      response: { 200: envelope(missionResponse) },
    }),
    async (request) => ok(await scheme.mission(request.params.id)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/missions`,
    schemeRoute("all", {
      summary: "Write a mission as a draft (it stamps nothing until a second operator activates it)",
      description: `${FULL_SCOPE} ${RULES}`,
      body: definitionWithOperator,
      response: { 200: envelope(missionResponse) },
    }),
    async (request) => {
      const { operator, ...mission } = request.body;
      return ok(await scheme.createMission(mission, operator));
    },
  );

  app.put(
    `${COIN_SCHEME_PREFIX}/missions/:id`,
    schemeRoute("all", {
      summary: "Change a draft or paused mission",
      description: `${FULL_SCOPE} 6080 no such mission; 6081 it is active or ended. ${RULES}`,
      params: idParams,
      body: definitionWithOperator,
      response: { 200: envelope(missionResponse) },
    }),
    async (request) => {
      const { operator, ...mission } = request.body;
      return ok(await scheme.updateMission(request.params.id, mission, operator));
    },
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/missions/:id/activate`,
    schemeRoute("all", {
      summary: "Activate a draft or paused mission: a second operator approved it",
      description: `${FULL_SCOPE} \`operator\` asked, \`approver\` decided (the member server's approvals queue). 6082 the approver is the operator or the mission's author; 6081 it has ended. Activating an active mission answers it unchanged.`,
      params: idParams,
      body: z.object({ operator: operatorName, approver: operatorName }),
      response: { 200: envelope(missionResponse) },
    }),
    async (request) =>
      ok(await scheme.activateMission(request.params.id, request.body.operator, request.body.approver)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/missions/:id/pause`,
    schemeRoute("all", {
      summary:
        "Pause an active mission: no stamps from the next purchase (on other instances within a second); cards keep theirs",
      description: `${FULL_SCOPE} 6081 it is not active.`,
      params: idParams,
      body: z.object({ operator: operatorName }),
      response: { 200: envelope(missionResponse) },
    }),
    async (request) => ok(await scheme.pauseMission(request.params.id, request.body.operator)),
  );

  app.post(
    `${COIN_SCHEME_PREFIX}/missions/:id/end`,
    schemeRoute("all", {
      summary: "End a mission for ever",
      description: `${FULL_SCOPE} 6081 it has ended already.`,
      params: idParams,
      body: z.object({ operator: operatorName }),
      response: { 200: envelope(missionResponse) },
    }),
    async (request) => ok(await scheme.endMission(request.params.id, request.body.operator)),
  );

  app.get(
    `${COIN_SCHEME_PREFIX}/accounts/:hcoins_memberno/missions`,
    schemeRoute("all", {
      summary: "An account's live missions, each with its stamps in the current period",
      description: `${FULL_SCOPE} Oldest mission first; \`stamps\` 0 without a card; \`completed_at\` and \`voucher_code\` once the period's card is completed. 6004 for no such account.`,
      params: z.object({ hcoins_memberno: hcoinsMemberNo }),
      response: { 200: envelope(memberMissionsResponse) },
    }),
    async (request) => ok(await scheme.memberMissions(request.params.hcoins_memberno)),
  );
}
