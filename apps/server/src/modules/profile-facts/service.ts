import { type ProfileFacts, SchemeErrorCode } from "@hcoins/coin-scheme/contract";
import { type ConsentChannel, OPT_OUT_FLAG_OF } from "@hcoins/domain/marketing-consent";
import { AGE_RANGES, isDistrictOf } from "@hcoins/domain/profile-options";
import type { DatabaseHandle, TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import { type CoinSchemeClient, CoinSchemeRefusedError } from "../coins/coin-scheme-client.ts";
import { type CoinsService, memberRefOf } from "../coins/service.ts";
import type { MemberRow, MemberService } from "../members/service.ts";
import { memberSubject, type SchemeOutbox } from "../scheme-outbox/service.ts";

/** The outbox step that sets a member's profile facts on their H Coins account. */
const PROFILE_FACTS_STEP = "profile-facts";
type FactsStep = { memberRef: string; hcoinsMemberNo: string; facts: ProfileFacts };

/** Accounts the scheme lists per question, and the members one backfill run sends at most. */
const PAGE = 200;
const BACKFILL_PER_RUN = 2_000;

/** The scheme's answers that there is no account of this member to record them on. */
const NOT_THE_MEMBERS = new Set<number>([
  SchemeErrorCode.accountNotFound,
  SchemeErrorCode.accountNotLinkedToMember,
]);

/**
 * The facts as the scheme takes them (docs/decisions/239): consent in the sense "agreed" (the row's
 * flags are opt-outs), and a region, district or age range the profile no longer offers (a row older
 * than its lists) as none given, since the scheme would refuse the whole step for it.
 */
export function profileFactsOf(member: MemberRow): ProfileFacts {
  const area =
    member.region !== null && member.district !== null && isDistrictOf(member.region, member.district);
  const agreed = (channel: ConsentChannel) => member[OPT_OUT_FLAG_OF[channel]] === 0;
  return {
    region: area ? member.region : null,
    district: area ? member.district : null,
    age_range: AGE_RANGES.find((range) => range === member.age_range) ?? null,
    marketing_consent: { email: agreed("email"), sms: agreed("sms"), phone: agreed("phone") },
  };
}

const sameFacts = (a: ProfileFacts, b: ProfileFacts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the coin scheme keeps of a member's profile for segments: region and district, the age range
 * they chose, and their direct-marketing consent per channel. Each change of them (the profile, the
 * preferences, an unsubscribe link, a console edit: MemberService's change listeners) writes a
 * `profile-facts` step of the scheme outbox in the change's own transaction, delivered once it
 * commits; a link sends them to the newly linked account; and a job sends them for every linked
 * account the scheme says has none (the members before this, and any link whose sending was lost).
 * An erasure sends nothing: the scheme's erasure empties the account, and the member's pending steps
 * are dropped with the rest (data-protection).
 */
export class ProfileFactsService {
  constructor(
    private readonly members: MemberService,
    private readonly coins: CoinsService,
    private readonly outbox: SchemeOutbox,
    private readonly scheme: CoinSchemeClient,
    private readonly transaction: DatabaseHandle["transaction"],
    private readonly log: FastifyBaseLogger,
  ) {
    outbox.define<FactsStep, unknown>(PROFILE_FACTS_STEP, {
      invoke: async (client, step) => {
        try {
          return await client.setProfileFacts(step.hcoinsMemberNo, step.memberRef, step.facts);
        } catch (error) {
          // An imported H Coins number the scheme never linked to the member, or an account erased
          // meanwhile: nothing of theirs to record the facts on. Their link, when it comes, sends them.
          if (error instanceof CoinSchemeRefusedError && NOT_THE_MEMBERS.has(error.errorCode)) return null;
          throw error;
        }
      },
    });
  }

  /** A member's change listener: a linked member's facts changed, so a step, delivered after the commit. */
  async changed(before: MemberRow, after: MemberRow, trx: TableViews): Promise<(() => Promise<void>) | null> {
    const facts = profileFactsOf(after);
    if (after.external_customer_id === null || sameFacts(profileFactsOf(before), facts)) return null;
    const step = await this.add(after, after.external_customer_id, facts, trx);
    return async () => {
      await this.outbox.deliver([step]);
    };
  }

  /**
   * The member's account is linked now (a link listener): their facts go to it, as they are now.
   * Never fails the link: a failure is logged, and the backfill job sends them later.
   */
  async linked(member: MemberRow): Promise<void> {
    try {
      const current = await this.members.findById(member.id);
      if (!current?.external_customer_id) return;
      const account = current.external_customer_id;
      const step = await this.transaction((trx) => this.add(current, account, profileFactsOf(current), trx));
      await this.outbox.deliver([step]);
    } catch (error) {
      this.log.error({ err: error, memberId: member.id }, "profile facts not handed to the coin scheme");
    }
  }

  /**
   * The backfill (the `send-profile-facts` job): asks the scheme for the linked accounts it holds no
   * facts for, page by page, and writes a step for each one's member, delivered at once; at most
   * BACKFILL_PER_RUN a run, the rest the next. A member whose step is still on its way (or failed)
   * is left to it; an account of no member here (`unknown`) is skipped. Answers the steps delivered
   * (`sent`), left for the outbox to retry (`pending`) or refused, and the accounts of no member.
   */
  async sendMissing(): Promise<{ sent: number; pending: number; refused: number; unknown: number }> {
    const done = { sent: 0, pending: 0, refused: 0, unknown: 0 };
    let after: string | null = null;
    while (done.sent + done.pending + done.refused < BACKFILL_PER_RUN) {
      const { accounts } = await this.scheme.accountsWithoutProfileFacts(after, PAGE);
      const toSend: { member: MemberRow; hcoinsMemberNo: string }[] = [];
      for (const account of accounts) {
        after = account.hcoins_memberno;
        const member = await this.coins.memberByRef(account.member_ref);
        if (!member) done.unknown += 1;
        else if (!(await this.outbox.holds(PROFILE_FACTS_STEP, memberSubject(member.id))))
          toSend.push({ member, hcoinsMemberNo: account.hcoins_memberno });
      }
      // Looked up first: inside the transaction a lookup would wait for SQLite's one connection.
      const steps = await this.transaction(async (trx) => {
        const ids: number[] = [];
        for (const { member, hcoinsMemberNo } of toSend)
          ids.push(await this.add(member, hcoinsMemberNo, profileFactsOf(member), trx));
        return ids;
      });
      for (const outcome of await this.outbox.deliver(steps))
        done[outcome.state === "delivered" ? "sent" : outcome.state] += 1;
      if (accounts.length < PAGE) break;
    }
    return done;
  }

  private add(member: MemberRow, hcoinsMemberNo: string, facts: ProfileFacts, trx: TableViews) {
    return this.outbox.add<FactsStep>(
      PROFILE_FACTS_STEP,
      memberSubject(member.id),
      { memberRef: memberRefOf(member), hcoinsMemberNo, facts },
      trx,
    );
  }
}
