import { z } from "zod";
import { operatorSchema } from "./console.ts";
import { okAnswer } from "./envelope.ts";

const operatorParams = z.object({ id: z.coerce.number().int().min(1) });

/** Administrators' changes to an existing operator, beside console.ts's list and add; one audit entry each. */
export const consoleOperatorChanges = {
  /** A new one-time sign-in link (shown once); the old link stops working. */
  reinvite: {
    method: "POST",
    path: "/operators/:id/invite",
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema, sign_in_link: z.string() })),
  },
  /** Disables the operator and ends their sessions. */
  disable: {
    method: "POST",
    path: "/operators/:id/disable",
    params: operatorParams,
    answer: okAnswer(z.object({ operator: operatorSchema })),
  },
} as const;
