import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { MemberReferralsTable, ReferralCodesTable } from "./tables.ts";

const HASH_KEPT =
  "a keyed hash (HMAC with a secret kept by the server), not the number or device id itself; kept through an erasure so that the same person or device never earns a referral reward twice";

/**
 * A member's own code is exported and erased with them; a referral names members by row id only
 * and keeps the hashes through an erasure (docs/coin-scheme.md, Referrals).
 */
export const REFERRAL_DATA_COLUMNS: {
  referral_codes: Record<keyof ReferralCodesTable, ColumnPolicy>;
  member_referrals: Record<keyof MemberReferralsTable, ColumnPolicy>;
} = {
  referral_codes: {
    member_id: "exported",
    code: "exported",
    created_at: "exported",
  },
  member_referrals: {
    id: { withheld: "internal row key" },
    referrer_member_id: "exported",
    referred_member_id: "exported",
    phone_hash: { withheld: HASH_KEPT },
    device_hash: { withheld: HASH_KEPT },
    created_at: "exported",
    sent_at: { withheld: "when the coin scheme was told; its referral is in the scheme's export" },
  },
};
