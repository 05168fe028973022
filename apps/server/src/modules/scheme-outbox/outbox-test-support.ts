import { nextPhone } from "../../testing/flows.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { memberSubject } from "./service.ts";

/**
 * A linked member's number moved here, with its `account-number` step written beside it, to a
 * number another H Coins account took after the move's own check: the scheme refuses the step
 * (6010) when it is delivered, and its compensation puts the old number back.
 */
export async function numberMoveTheSchemeRefuses(t: TestApp, actor: string) {
  const { members, database, schemeOutbox, coinSchemeClient } = t.app.services;
  const member = await linkedMember(t);
  const id = (await members.findByPhone("852", member.phone))?.id as number;
  const taken = nextPhone();
  await coinSchemeClient.createAccount({ prefix: "852", phone: taken });
  const step = await database.transaction(async (trx) => {
    await members.changeMobileNumber(id, "852", taken, trx);
    return schemeOutbox.add(
      "account-number",
      memberSubject(id),
      {
        memberId: id,
        hcoinsMemberNo: member.hcoins,
        from: { prefix: "852", phone: member.phone },
        to: { prefix: "852", phone: taken },
        by: { actor, address: null },
      },
      trx,
    );
  });
  return { member, id, step };
}
