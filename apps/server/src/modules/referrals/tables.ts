import type { Generated, Selectable } from "kysely";

/** The referrals module's tables (migration 0016). Times are unix milliseconds. */
export type ReferralTables = {
  referral_codes: ReferralCodesTable;
  member_referrals: MemberReferralsTable;
};

/** A member's own referral code, the one they share. */
export type ReferralCodesTable = {
  member_id: number;
  code: string;
  created_at: number;
};

/** A member who registered (or completed their profile) with another member's code. */
export type MemberReferralsTable = {
  id: Generated<number>;
  referrer_member_id: number;
  referred_member_id: number;
  /** Keyed hashes (HMAC-SHA256, hex) of the new member's number and of their device id (null: none sent). */
  phone_hash: string;
  device_hash: string | null;
  created_at: number;
  /** When the step that tells the coin scheme was written (the referred member's account linked); null until then. */
  sent_at: number | null;
};

export type MemberReferralRow = Selectable<MemberReferralsTable>;
