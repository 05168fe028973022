import { z } from "zod";

/*
 * The lines of a purchase (or a refund) in the ledger: what each coin of it was earned for, so
 * that a member's statement can say it. A purchase's lines add up to its coins; a refund's lines
 * are the negatives of what it took back. Kinds, in the order the statement lists them:
 *
 *   base        1 coin per whole HKD of the net amount
 *   electronic  the electronic-payment extra of a partner-property store (1 per whole HKD paid electronically)
 *   birthday    the birthday-month bonus
 *   holiday     a holiday's bonus
 *   tier        the member's tier multiplier (named by the tier)
 *   campaign    one campaign's bonus (named by the campaign)
 *
 * Electronic, birthday and holiday are the programme rules (campaign-rules.ts): their lines carry
 * the rule's campaign id, and keep their kind so that the statement says them in the member's
 * words whatever an operator called the campaign (decision 238). Lines written before the rules
 * were campaigns have no campaign id.
 */

export const EARN_LINE_KINDS = ["base", "electronic", "birthday", "holiday", "tier", "campaign"] as const;
export type EarnLineKind = (typeof EARN_LINE_KINDS)[number];

const localizedName = z.object({ en: z.string(), tc: z.string(), sc: z.string() });

export const earnLineSchema = z.object({
  kind: z.enum(EARN_LINE_KINDS),
  /** Positive on a purchase, negative on a refund. */
  coins: z.number().int(),
  /** The campaign a `campaign` line, or a programme rule's line (electronic, birthday, holiday), came from; null otherwise. */
  campaign_id: z.number().int().nullable(),
  /** A `tier` or `campaign` line's name in the three languages, as it was when earned; null otherwise. */
  name: localizedName.nullable(),
});
export type EarnLine = z.output<typeof earnLineSchema>;
