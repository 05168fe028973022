import { z } from "zod";
import { type ConsoleOperation, operatorSchema } from "./console.ts";
import { okAnswer } from "./envelope.ts";

const operatorParams = z.object({ id: z.coerce.number().int().min(1) });

/** Administrators' changes to an existing operator, beside console.ts's list and add; one audit entry each. */
export const consoleOperatorChanges = {
  /** A new one-time sign-in link (shown once); the old link stops working. */
  reinvite: {
    method: "POST",
    path: "/operators/:id/invite",
    access: { permission: "operators.manage" },
    summary: "A new one-time sign-in link for the operator (the old one stops working)",
    description: "Needs the X-CSRF-Token header (4031). Writes one audit entry.",
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema, sign_in_link: z.string() })),
  },
  /** Disables the operator and ends their sessions. */
  disable: {
    method: "POST",
    path: "/operators/:id/disable",
    access: { permission: "operators.manage" },
    summary: "Disable the operator and end their sessions",
    description:
      "Needs the X-CSRF-Token header (4031). Writes one audit entry. 4250 the operator's own account; 4251 the last active administrator who can sign in.",
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema })),
  },
} as const satisfies Record<string, ConsoleOperation>;
