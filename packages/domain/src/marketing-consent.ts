/*
 * Direct-marketing consent (Hong Kong's Personal Data (Privacy) Ordinance, Part 6A): a member is
 * reachable on a channel only after agreeing to it under the two consent statements the web app
 * shows beside the contact boxes (apps/web/src/components/consent-statements.tsx). The stored
 * flags keep the legacy contract's sense: 1 = opted out.
 */

/** The channels of direct marketing. */
export const CONSENT_CHANNELS = ["email", "sms", "phone"] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/** The member's opt-out flag of each channel (1 = opted out, 0 = agreed). */
export const OPT_OUT_FLAG_OF = {
  email: "email_subscription",
  sms: "sms_subscription",
  phone: "do_not_call",
} as const satisfies Record<ConsentChannel, string>;

/**
 * The version of the consent statements' texts, recorded with every consent change. Change it
 * whenever the texts change in any language (`consent` in apps/web/src/locales/<language>/common.json):
 * a web test holds the texts' digest for this version and fails until both are updated.
 */
export const CONSENT_STATEMENT_VERSION = "2026-11-25";
