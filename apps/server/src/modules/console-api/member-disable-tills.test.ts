import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { CoinSchemeUnavailableError } from "../coins/coin-scheme-client.ts";
import { linkedMember } from "../member-coins/coins-test-support.ts";
import { consoleCall, signedInOperator } from "./console-test-support.ts";

let t: TestApp;
afterEach(() => {
  vi.restoreAllMocks();
  return t?.close();
});

describe("disabling a member disables them at the tills too", () => {
  it("suspends the H Coins account (tills refuse it) and enabling resumes it", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const cs = await signedInOperator(t, "customerService");
    const post = (path: string, body: Record<string, unknown>) =>
      consoleCall(t, "POST", path, { cookie: cs.cookie, csrf: cs.csrf, body });
    const suspended = async () =>
      (await t.app.services.coinSchemeClient.ledger(member.hcoins, { limit: 1 })).account.suspended;

    const disabled = await post(`/members/${member.user.id}/disable`, { reason: "fraud" });
    expect(disabled.status, disabled.text).toBe(200);
    expect(disabled.body.payload.member.status).toBe("disabled");
    expect(await suspended()).toBe(true);
    const enabled = await post(`/members/${member.user.id}/enable`, { reason: "cleared" });
    expect(enabled.body.payload.member.status).toBe("registered");
    expect(await suspended()).toBe(false);
  });

  it("refuses (5030) and changes nothing when the scheme cannot suspend the account", async () => {
    t = await createTestApp();
    const member = await linkedMember(t, 0);
    const cs = await signedInOperator(t, "customerService");
    vi.spyOn(t.app.services.coinSchemeClient, "setSuspended").mockRejectedValueOnce(
      new CoinSchemeUnavailableError("timeout", "scheme down (test)"),
    );
    const before = (await t.app.services.audit.all({})).length;
    const answer = await consoleCall(t, "POST", `/members/${member.user.id}/disable`, {
      cookie: cs.cookie,
      csrf: cs.csrf,
      body: { reason: "fraud" },
    });
    expect(answer.status).toBe(503);
    expect(answer.body.error_code).toBe(5030);
    expect((await t.app.services.members.findById(member.user.id as number))?.disabled).toBeFalsy();
    expect((await t.app.services.audit.all({})).length).toBe(before);
  });
});
