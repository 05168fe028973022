import { CONSENT_STATEMENT_VERSION } from "@hcoins/domain/marketing-consent";
import { describe, expect, it, vi } from "vitest";
import { registerMember } from "../../testing/flows.ts";
import { tablesOf } from "../../testing/tables.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { testApps } from "../../testing/test-apps.ts";

// Imports record theirs too: cli/import-members.test.ts. Export and erasure: cli/member-export.test.ts, cli/member-erase.test.ts.

const { shared } = testApps();
const PREFERENCES = "/crm/user/subscription-preferences";
const V = CONSENT_STATEMENT_VERSION;

/** The member's consent records, oldest first, as `source channel opted_in version`. */
async function recordsOf(t: TestApp, memberId: number) {
  const rows = await tablesOf(t.app.services)
    .selectFrom("marketing_consents")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("id")
    .execute();
  for (const row of rows) expect(row.created_at).toBeGreaterThan(0);
  return rows.map((row) => `${row.source} ${row.channel} ${row.opted_in} ${row.statement_version}`);
}

const saveProfile = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call("POST", "/crm/user/profile", { token, body });

describe("marketing consent records", () => {
  it("registration records the choice of every channel, with the statements' version", async () => {
    const t = await shared();
    const m = await registerMember(t, { email_subscription: 0, sms_subscription: 1, do_not_call: 1 });
    expect(await recordsOf(t, m.user.id)).toEqual([
      `registration email 1 ${V}`,
      `registration sms 0 ${V}`,
      `registration phone 0 ${V}`,
    ]);
  });

  it("a profile save records each channel it changes, and nothing when the choice stays", async () => {
    const t = await shared();
    const m = await registerMember(t);
    const saved = await saveProfile(t, m.token, {
      sms_subscription: 1,
      do_not_call: 0,
      first_name: "Ka Yan",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await saveProfile(t, m.token, { sms_subscription: 1, last_name: "Lee" })).status).toBe(200);
    expect((await recordsOf(t, m.user.id)).slice(3)).toEqual([`profile sms 0 ${V}`]);
  });

  it("the preferences page records the member's changes, an unsubscribe link its own", async () => {
    const t = await shared();
    const m = await registerMember(t);
    const link = await t.app.services.subscriptions.issueLinkToken(m.user.id);
    const byMember = await t.call("POST", PREFERENCES, {
      token: m.token,
      body: { email_subscription: 1 },
    });
    expect(byMember.status, JSON.stringify(byMember.body)).toBe(200);
    const byLink = await t.call("POST", PREFERENCES, {
      token: "guest",
      body: { token: link, sms_subscription: 1, do_not_call: 1, unsubscribe_reasons: [3] },
    });
    expect(byLink.status, JSON.stringify(byLink.body)).toBe(200);
    expect((await recordsOf(t, m.user.id)).slice(3)).toEqual([
      `preferences email 0 ${V}`,
      `unsubscribe_link sms 0 ${V}`,
      `unsubscribe_link phone 0 ${V}`,
    ]);
  });

  it("two saves of the same change at once record it once (the row lock orders them)", async () => {
    const t = await shared();
    const m = await registerMember(t);
    const answers = await Promise.all(
      [0, 1].map(() => t.call("POST", PREFERENCES, { token: m.token, body: { email_subscription: 1 } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await recordsOf(t, m.user.id)).slice(3)).toEqual([`preferences email 0 ${V}`]);
  });

  it("a change whose record cannot be written is not made (one transaction)", async () => {
    const t = await shared();
    const m = await registerMember(t);
    // biome-ignore lint/complexity/useLiteralKeys: the service's private repository, to make its write fail
    const repo = t.app.services.members["repo"];
    const failing = vi.spyOn(repo, "insertConsentRecords").mockRejectedValue(new Error("disk full (test)"));
    try {
      const saved = await t.call("POST", PREFERENCES, { token: m.token, body: { sms_subscription: 1 } });
      expect(saved.status).toBe(500);
    } finally {
      failing.mockRestore();
    }
    const member = await t.app.services.members.findById(m.user.id);
    expect(member?.sms_subscription).toBe(0);
    expect(await recordsOf(t, m.user.id)).toHaveLength(3);
  });
});
