import type { AccountsWithoutProfileFactsResult, ProfileFacts, ProfileFactsResult } from "./api-schemas.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository, ProfileFactColumns } from "./repository.ts";

/*
 * A member's profile facts (docs/decisions/239): what segments ask of the member's profile, which
 * the member server holds and sends here through its scheme outbox whenever it changes. Only
 * these, and as coarse as the profile has them: region and district codes, the chosen age range,
 * consent per channel. Segments read the columns directly (segment-where.ts).
 */

/** The columns of `facts`, sent at `at`. */
function columnsOf(facts: ProfileFacts, at: number): ProfileFactColumns {
  const agreed = (channel: boolean) => (channel ? 1 : 0);
  return {
    region: facts.region,
    district: facts.district,
    age_range: facts.age_range,
    consent_email: agreed(facts.marketing_consent.email),
    consent_sms: agreed(facts.marketing_consent.sms),
    consent_phone: agreed(facts.marketing_consent.phone),
    profile_facts_at: at,
  };
}

/**
 * Records the facts of the member the account is linked to, replacing what it held ("set to": the
 * member server may send the same facts again). 6004 no such account; 6034 the account is not
 * linked to `memberRef`, among them an account an erasure unlinked (a sending still on its way
 * then must not put the erased member's facts back on it).
 */
export async function setProfileFacts(
  repository: CoinSchemeRepository,
  hcoinsMemberNo: string,
  memberRef: string,
  facts: ProfileFacts,
  now: number,
): Promise<ProfileFactsResult> {
  const account = await repository.accountByMemberNo(hcoinsMemberNo);
  if (!account) throw new SchemeError(SchemeErrorCode.accountNotFound);
  const columns = columnsOf(facts, now);
  if ((await repository.setProfileFacts(account.id, memberRef, columns)) === 0)
    throw new SchemeError(SchemeErrorCode.accountNotLinkedToMember);
  const changed =
    account.profile_facts_at === null ||
    (Object.keys(columns) as (keyof ProfileFactColumns)[]).some(
      (column) => column !== "profile_facts_at" && account[column] !== columns[column],
    );
  return { hcoins_memberno: hcoinsMemberNo, profile_facts: facts, changed };
}

/** Linked accounts the member server has sent no facts for: its backfill job's question, page by page. */
export async function accountsWithoutProfileFacts(
  repository: CoinSchemeRepository,
  after: string | null,
  limit: number,
): Promise<AccountsWithoutProfileFactsResult> {
  const rows = await repository.accountsWithoutProfileFacts(after, limit);
  return {
    accounts: rows.map((row) => ({
      hcoins_memberno: row.hcoins_memberno,
      member_ref: row.linked_member_ref as string,
    })),
  };
}
