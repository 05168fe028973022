import { z } from "zod";
import { segmentConditionsSchema, segmentDefinitionSchema, segmentViewSchema } from "../segment-rules.ts";
import type { ConsoleOperation } from "./console.ts";
import { PROGRAMME_CHANGE_NOTE } from "./console-programme.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Segments (issue 28): conditions over what the programme knows of a member, kept and counted by
 * the coin scheme (segment-rules.ts, decision 236); campaigns and rewards name them. The console
 * writes them through these calls and the member server relays them with an audit entry each:
 * the programme manager (programme.edit) writes, the auditor reads. No approval: a segment issues
 * nothing by itself; a campaign that names it is activated by a second operator.
 */

export const consoleSegmentSchema = segmentViewSchema;
export type ConsoleSegment = z.output<typeof segmentViewSchema>;

const segmentParams = z.object({ id: z.coerce.number().int().positive() });
const segmentAnswer = okAnswer(z.object({ segment: consoleSegmentSchema }));
const read = { permission: ["programme.edit", "audit.read"] } as const;
const edit = { permission: "programme.edit" } as const;
const RULES =
  "Conditions, all of which must hold: tier, purchased_within, spend, brands_bought, joined, birth_month, region, district, age_range, marketing_consent (docs/coin-scheme.md, Segments); 4000 a condition's rule (its path, e.g. conditions.0.days).";

export const consoleSegments = {
  list: {
    method: "GET",
    path: "/segments",
    access: read,
    summary: "The segments, newest first, each with how many members are in it now",
    description: "Needs programme.edit or audit.read (the auditor reads).",
    answer: okAnswer(z.object({ segments: z.array(consoleSegmentSchema) })),
  },
  show: {
    method: "GET",
    path: "/segments/:id",
    access: read,
    summary: "One segment, with its members now",
    description: "4040 no such segment.",
    params: segmentParams,
    answer: segmentAnswer,
  },
  count: {
    method: "POST",
    path: "/segments/count",
    access: edit,
    summary: "How many members meet these conditions now, saved or not: the editor's live count",
    description: `Needs programme.edit (no audit entry: nothing changes). ${RULES}`,
    body: z.object({ conditions: segmentConditionsSchema }),
    answer: okAnswer(z.object({ members: z.number().int() })),
  },
  create: {
    method: "POST",
    path: "/segments",
    access: edit,
    summary: "Save a new segment",
    description: `${PROGRAMME_CHANGE_NOTE} ${RULES}`,
    body: segmentDefinitionSchema,
    answer: segmentAnswer,
  },
  update: {
    method: "POST",
    path: "/segments/:id",
    access: edit,
    summary: "Change a segment's names and conditions (campaigns and rewards naming it follow at once)",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such segment. ${RULES}`,
    params: segmentParams,
    body: segmentDefinitionSchema,
    answer: segmentAnswer,
  },
  remove: {
    method: "POST",
    path: "/segments/:id/delete",
    access: edit,
    summary: "Delete a segment",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such segment; 4304 a campaign not ended or an active reward names it (\`campaign_ids\`, \`reward_ids\` in the payload).`,
    params: segmentParams,
    answer: okAnswer(z.object({ removed: z.literal(true) })),
  },
} as const satisfies Record<string, ConsoleOperation>;
