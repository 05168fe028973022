import { z } from "zod";
import { refuseEndBeforeStart } from "../campaign-rules.ts";
import { type MissionView, missionDefinitionSchema, missionViewSchema } from "../mission-rules.ts";
import type { ConsoleOperation } from "./console.ts";
import { PROGRAMME_CHANGE_NOTE } from "./console-programme.ts";
import { okAnswer } from "./envelope.ts";

/*
 * E-stamp missions (issue 28), kept and stamped by the coin scheme; the console writes them
 * through these calls and the member server relays them, as campaigns (console-campaigns.ts): the
 * programme manager (programme.edit) writes, asks for activation, pauses and ends; the auditor
 * reads. Activation is an approval request (`missions.activate`) a second operator with
 * coins.approve decides on the Approvals screen.
 */

export const MISSION_ACTIVATE_KIND = "missions.activate";

/** What an operator writes, checked as the scheme does; `ends_at` after `starts_at` (`endsBeforeStart`). */
export const missionBody = missionDefinitionSchema.superRefine(refuseEndBeforeStart);

export const consoleMissionSchema = missionViewSchema;
export type ConsoleMission = MissionView;

const missionParams = z.object({ id: z.coerce.number().int().positive() });
const missionAnswer = okAnswer(z.object({ mission: consoleMissionSchema }));
const edit = { permission: "programme.edit" } as const;
const REFUSALS =
  "4040 no such mission; 4302 not in a state that allows it (only a draft or paused mission is edited, an ended one is never activated).";

export const consoleMissions = {
  list: {
    method: "GET",
    path: "/missions",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "The e-stamp missions, every status, with their completions",
    description: "Needs programme.edit or audit.read (the auditor reads).",
    answer: okAnswer(z.object({ missions: z.array(consoleMissionSchema) })),
  },
  show: {
    method: "GET",
    path: "/missions/:id",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "One mission",
    description: "4040 no such mission.",
    params: missionParams,
    answer: missionAnswer,
  },
  create: {
    method: "POST",
    path: "/missions",
    access: edit,
    summary: "Write a new mission, as a draft (it stamps nothing until a second operator activates it)",
    description: `${PROGRAMME_CHANGE_NOTE} 4000 a field's rule (its path, e.g. name.tc; reward_id \`rewardUnknown\` for a reward the catalogue lacks).`,
    body: missionBody,
    answer: missionAnswer,
  },
  update: {
    method: "POST",
    path: "/missions/:id",
    access: edit,
    summary: "Rewrite a draft or paused mission",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS} 4000 as on create.`,
    params: missionParams,
    body: missionBody,
    answer: missionAnswer,
  },
  requestActivation: {
    method: "POST",
    path: "/missions/:id/request-activation",
    access: edit,
    summary: "Ask a second operator to activate the mission (an approval request)",
    description: `The request (kind missions.activate, with the note) waits on the Approvals screen; an operator with coins.approve other than the requester approves it, and the coin scheme activates the mission then (the requester as operator, the decider as approver; not the mission's creator). ${REFUSALS} 4303 a request for it is pending already.`,
    params: missionParams,
    body: z.object({ note: z.string("required").trim().min(1, "required").max(500, "tooLong") }),
    answer: okAnswer(z.object({ approval_id: z.number().int() })),
  },
  pause: {
    method: "POST",
    path: "/missions/:id/pause",
    access: edit,
    summary:
      "Pause an active mission: no stamps until activated again (by a second operator); cards keep theirs",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS}`,
    params: missionParams,
    answer: missionAnswer,
  },
  end: {
    method: "POST",
    path: "/missions/:id/end",
    access: edit,
    summary: "End a mission for good",
    description: `${PROGRAMME_CHANGE_NOTE} ${REFUSALS}`,
    params: missionParams,
    answer: missionAnswer,
  },
} as const satisfies Record<string, ConsoleOperation>;
