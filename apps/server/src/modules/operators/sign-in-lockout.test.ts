import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { consoleCall, OPERATOR_PASSWORD, signedInOperator } from "../console-api/console-test-support.ts";
import { totpCode } from "./totp.ts";

const STEP = 30_000;

/**
 * Sign-in failures count per email and client address, as members' logins do per number and
 * address: a stranger guessing from one address must not lock the operator out of the console
 * from their own. The per-email ceiling from every address still stops distributed guessing.
 */
describe("operator sign-in lock-out", () => {
  let t: TestApp;
  afterEach(() => t.close());

  const wrong = (email: string, remoteAddress: string) =>
    consoleCall(t, "POST", "/session/sign-in", {
      body: { email, password: "Wrong2024x", totp_code: "123456" },
      remoteAddress,
    });
  const right = (operator: { email: string; secret: string }, remoteAddress: string) => {
    t.clock.advance(STEP);
    return consoleCall(t, "POST", "/session/sign-in", {
      body: {
        email: operator.email,
        password: OPERATOR_PASSWORD,
        totp_code: totpCode(operator.secret, t.clock.now()),
      },
      remoteAddress,
    });
  };

  it("5 failures from address A lock A out; the operator signs in from B on the first try", async () => {
    t = await createTestApp();
    const operator = await signedInOperator(t, "administrator");
    for (let i = 1; i <= 4; i++)
      expect((await wrong(operator.email, "127.0.0.21")).body.error_code).toBe(4241);
    const fifth = await wrong(operator.email, "127.0.0.21");
    expect(fifth.status).toBe(429);
    expect(fifth.body.error_code).toBe(4290);
    // A stays locked, even with the right credentials.
    expect((await right(operator, "127.0.0.21")).body.error_code).toBe(4290);
    const fromB = await right(operator, "127.0.0.22");
    expect(fromB.status, fromB.text).toBe(200);
    expect(fromB.body.payload.operator.email).toBe(operator.email);
  });

  it("the per-email ceiling from many addresses locks the email everywhere", async () => {
    t = await createTestApp({ env: { OPERATOR_SIGN_IN_EMAIL_MAX_FAILURES: "6" } });
    const operator = await signedInOperator(t, "administrator");
    // Two failures from each of three addresses: no address reaches 5, the email reaches 6.
    for (const address of ["127.0.0.31", "127.0.0.32", "127.0.0.33"]) {
      await wrong(operator.email, address);
      await wrong(operator.email, address);
    }
    const elsewhere = await right(operator, "127.0.0.34");
    expect(elsewhere.status).toBe(429);
    expect(elsewhere.body.error_code).toBe(4290);
  });
});
