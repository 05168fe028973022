import { randomInt } from "node:crypto";
import { MEMBER_NUMBER_RANDOM_DIGITS, memberNumberFromDigits } from "@hcoins/domain/member-number";

const DRAWS = 5;

/** Ten digits from the system's CSPRNG, leading zeros kept (a fixed width). */
export const randomMemberDigits = (): string =>
  String(randomInt(0, 10 ** MEMBER_NUMBER_RANDOM_DIGITS)).padStart(MEMBER_NUMBER_RANDOM_DIGITS, "0");

/**
 * A member number no member holds (@hcoins/domain/member-number): drawn at random and looked up,
 * drawn again while taken. Ten digits leave a draw taken about once in ten thousand with a million
 * members, so five taken in a row means something else is wrong. The unique index on member_no
 * still stands behind the lookup, for two registrations drawing one number at the same moment.
 */
export async function allocateMemberNumber(
  taken: (memberNo: string) => Promise<boolean>,
  draw: () => string = randomMemberDigits,
): Promise<string> {
  for (let attempt = 0; attempt < DRAWS; attempt++) {
    const candidate = memberNumberFromDigits(draw());
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`no free member number after ${DRAWS} draws`);
}
