import { z } from "zod";
import { tillKeyNameRule, tillKeyStores, tillKeyStoresRule } from "../till-key-rules.ts";
import { tillKeySchema } from "../till-key-schema.ts";
import type { ConsoleOperation } from "./console.ts";
import { PROGRAMME_CHANGE_NOTE } from "./console-programme.ts";
import { okAnswer } from "./envelope.ts";

/*
 * Till keys (programme.edit changes them; the auditor reads the list): the keys a till opens the
 * coin scheme's till API with, each bound to stores. The key itself is in the create answer only.
 * Keys of COIN_SCHEME_API_KEYS are configuration and not listed. Same envelope and CSRF rules as
 * console.ts.
 */

const name = z
  .string({ error: "required" })
  .trim()
  .superRefine((value, ctx) => {
    const rule = tillKeyNameRule(value);
    if (rule) ctx.addIssue({ code: "custom", message: rule });
  });

/** Store codes: blanks and repeats dropped; `required`, `storeCode` or `tooMany`. */
const stores = z
  .array(z.string(), { error: "required" })
  .transform(tillKeyStores)
  .superRefine((codes, ctx) => {
    const rule = tillKeyStoresRule(codes);
    if (rule) ctx.addIssue({ code: "custom", message: rule });
  });

const keyParams = z.object({ id: z.coerce.number().int().positive() });
const keyAnswer = okAnswer(z.object({ till_key: tillKeySchema }));
const edit = { permission: "programme.edit" } as const;

export const consoleTillKeys = {
  list: {
    method: "GET",
    path: "/till-keys",
    access: { permission: ["programme.edit", "audit.read"] },
    summary: "The till keys operators made, newest first, live and revoked (never a key itself)",
    description:
      "Needs programme.edit or audit.read (the auditor reads). Keys of COIN_SCHEME_API_KEYS are configuration and not listed.",
    answer: okAnswer(z.object({ till_keys: z.array(tillKeySchema) })),
  },
  /**
   * A new key bound to stores of the scheme's registry; `key` is shown in this answer only.
   * 4000 `name` taken (`tillKeyNameTaken`) or `stores` not in the registry (`unknownStore`).
   */
  create: {
    method: "POST",
    path: "/till-keys",
    access: edit,
    summary: "Make a till key bound to stores; the key is in this answer only",
    description: `${PROGRAMME_CHANGE_NOTE} The audit entry names the key and its stores, never the key itself. 4000 name (tillKeyName, tillKeyNameTaken) or stores (storeCode, tooMany, unknownStore: not in the coin scheme's registry).`,
    body: z.object({ name, stores }),
    answer: okAnswer(z.object({ key: z.string(), till_key: tillKeySchema })),
  },
  /** Binds the key to other stores from its next call; 4040 no such key, 4000 `id` `revoked`. */
  setStores: {
    method: "POST",
    path: "/till-keys/:id/stores",
    access: edit,
    summary: "Bind a till key to other stores, from its next call",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such key; 4000 id revoked, or stores as on create.`,
    params: keyParams,
    body: z.object({ stores }),
    answer: keyAnswer,
  },
  /** Refused by the scheme from its next call on; 4040 no such key, 4000 `id` `revoked` already. */
  revoke: {
    method: "POST",
    path: "/till-keys/:id/revoke",
    access: edit,
    summary: "Revoke a till key: the coin scheme refuses it from its next call",
    description: `${PROGRAMME_CHANGE_NOTE} 4040 no such key; 4000 id revoked already.`,
    params: keyParams,
    answer: keyAnswer,
  },
} as const satisfies Record<string, ConsoleOperation>;
