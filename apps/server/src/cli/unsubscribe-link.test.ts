import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { unsubscribeLink } from "./unsubscribe-link.ts";

describe("unsubscribe-link", () => {
  let t: TestApp;
  afterEach(() => t?.close());

  const importMember = () =>
    t.app.services.members.importMember({
      mobile_phone_prefix: "852",
      mobile_phone: "91234567",
      member_no: "APP7",
      first_name: null,
      last_name: null,
      email: "app7@example.com",
      birthday_month: null,
      register_store_code: null,
      external_customer_id: null,
      consent: { email_subscription: 0, sms_subscription: 0, do_not_call: 0, statement: "app-2025-01" },
    });
  const linkIn = (output: string) => new URL(output.split("\n").at(-1) as string);

  it("prints a link under PUBLIC_URL whose token reads and changes the member's preferences", async () => {
    t = await createTestApp({ env: { PUBLIC_URL: "https://members.example.com/" } });
    await importMember();

    const output = await unsubscribeLink(t.app.services, ["852", "91234567"]);

    expect(output).toMatch(/^Unsubscribe link for member APP7 \(\+852 91234567\), valid 90 days/);
    const url = linkIn(output);
    expect(`${url.origin}${url.pathname}`).toBe("https://members.example.com/subscription-preferences");
    const token = url.searchParams.get("token") as string;
    const path = `/crm/user/subscription-preferences?token=${encodeURIComponent(token)}`;

    const read = await t.call("GET", path);
    expect(read.status).toBe(200);
    expect(read.body.payload).toMatchObject({ email_subscription: 0, sms_subscription: 0, do_not_call: 0 });

    const saved = await t.call("POST", "/crm/user/subscription-preferences", {
      body: { token, email_subscription: 1 },
    });
    expect(saved.status).toBe(200);
    expect((await t.call("GET", path)).body.payload.email_subscription).toBe(1);
    // A token altered by one character is refused.
    const forged = await t.call("GET", `/crm/user/subscription-preferences?token=${token.slice(0, -1)}x`);
    expect(forged.status).toBe(401);
  });

  it("falls back to http://localhost:PORT without PUBLIC_URL", async () => {
    t = await createTestApp({ env: { PORT: "4123" } });
    await importMember();
    const url = linkIn(await unsubscribeLink(t.app.services, ["852", "91234567"]));
    expect(url.origin).toBe("http://localhost:4123");
    expect(url.pathname).toBe("/subscription-preferences");
  });

  it("refuses a number that no member holds", async () => {
    t = await createTestApp();
    const error = await unsubscribeLink(t.app.services, ["852", "91234567"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toContain("no member has the number +852 91234567");
  });
});
