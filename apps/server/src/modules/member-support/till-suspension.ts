import { ErrorCode } from "@hcoins/domain/codes";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import type { Actor } from "../audit/service.ts";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { MemberRow } from "../members/service.ts";

const SCHEME_ACCOUNT_NOT_FOUND = 6004;
/** The scheme's `operator` field holds at most 64 characters. */
const OPERATOR_MAX = 64;

/**
 * Disabling a member suspends their H Coins account at the scheme (tills then refuse to earn on
 * it or take its vouchers, 6033), and enabling resumes it, BEFORE the member server changes: when
 * the scheme cannot be reached the action is refused (5030) and nothing changes, so a member is
 * never disabled here while still earning at the tills (the defect this closes), nor enabled here
 * while refused there. A member without an account (or whose account the scheme no longer knows)
 * has nothing to suspend.
 */
export async function suspendAtTills(
  coinScheme: CoinSchemeClient,
  member: MemberRow,
  suspended: boolean,
  by: Actor,
  log: FastifyBaseLogger,
): Promise<void> {
  const hcoinsMemberNo = member.external_customer_id;
  if (!hcoinsMemberNo) return;
  try {
    await coinScheme.setSuspended(hcoinsMemberNo, suspended, by.actor.slice(0, OPERATOR_MAX));
  } catch (error) {
    if (error instanceof CoinSchemeRefusedError && error.errorCode === SCHEME_ACCOUNT_NOT_FOUND) return;
    if (error instanceof CoinSchemeRefusedError || error instanceof CoinSchemeUnavailableError) {
      log.warn({ err: error, memberId: member.id, suspended }, "account suspension failed at the scheme");
      throw new AppError(ErrorCode.serviceUnavailable);
    }
    throw error;
  }
}
