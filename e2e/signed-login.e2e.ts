import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { signMessage } from "../apps/server/src/modules/auth/signature.ts";
import { api, createMember, expectHeading, signIn, textOf } from "./support/journeys.ts";
import { journeySuite, test } from "./support/suite.ts";
import { exactly } from "./support/texts.ts";

/**
 * The companion app's sign-in link, `/qrcode?message=<m>#<signature>`: it signs a visitor in,
 * and leaves the address once used; it never replaces or ends a member's session.
 */
const SECRET = "e2e-signature-login-secret";
const suite = journeySuite(66_150_000, { SIGNATURE_LOGIN_SECRET: SECRET });

/** A link to the QR screen signed for the number, as the companion app signs it (api-contract.md). */
function signedLink(phone: string): { message: string; signature: string; link: string } {
  const message = Buffer.from(
    JSON.stringify({
      mobile_phone_prefix: "852",
      mobile_phone: phone,
      issued_at: Math.floor(Date.now() / 1000),
      nonce: randomBytes(16).toString("hex"),
    }),
  ).toString("base64url");
  const signature = signMessage(message, SECRET);
  return { message, signature, link: `/qrcode?message=${message}#${signature}` };
}

/** The server's answer to the link's message and signature, as the web app sends them. */
async function exchange({ message, signature }: { message: string; signature: string }): Promise<string> {
  const response = await fetch(`${suite.server.url}/crm/auth/signature-login`, {
    method: "POST",
    headers: { authorization: "Bearer web:guest", "content-type": "application/json" },
    body: JSON.stringify({ message, signature }),
  });
  return ((await response.json()) as { Status: string }).Status;
}

test.describe("signed login links", () => {
  test("a signed-in member who opens another member's link stays signed in as themselves", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const memberA = await createMember(suite.server, suite.nextPhone());
    const memberB = await createMember(suite.server, suite.nextPhone());
    await signIn(page, memberA.token);
    const linkOfB = signedLink(memberB.phone);

    await page.goto(linkOfB.link);
    await expectHeading(page, t("qrcode:titles.qrcode"));
    const number = page.locator(".qr-number strong");
    await number.waitFor();
    expect(await textOf(number)).toBe(memberA.memberNo);
    expect(
      await page.getByRole("img", { name: exactly(t("qrcode:alt")) }).getAttribute("data-qr-text"),
    ).toMatch(new RegExp(`^${memberA.memberNo},0,`));
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(memberA.token);
    // The unused message does not stay in the address, nor in the history.
    expect(new URL(page.url()).search).toBe("");
    expect(new URL(page.url()).hash).toBe("");
    // Nor was it spent: B's own link still signs B in elsewhere.
    expect(await exchange(linkOfB)).toBe("Success");

    // A bogus message does not end the session either.
    await page.goto("/qrcode?message=x&signature=y");
    await number.waitFor();
    expect(await textOf(number)).toBe(memberA.memberNo);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(memberA.token);
  });

  test("a visitor's link signs them in and leaves the address, so a reload keeps them signed in", async ({
    language,
  }) => {
    const { page, t } = await suite.open(language);
    const member = await createMember(suite.server, suite.nextPhone());
    // A session the server has since ended (a logout elsewhere) is no session: the link still signs in.
    const ended = await createMember(suite.server, suite.nextPhone());
    await api(suite.server, "POST", "/crm/auth/logout", undefined, ended.token);
    await signIn(page, ended.token);

    await page.goto(signedLink(member.phone).link.replace("?", "?from=app&"));
    await expectHeading(page, t("qrcode:titles.qrcode"));
    const number = page.locator(".qr-number strong");
    await number.waitFor();
    expect(await textOf(number)).toBe(member.memberNo);
    const address = new URL(page.url());
    expect(address.pathname + address.search + address.hash).toBe("/qrcode?from=app");

    await page.reload();
    await expectHeading(page, t("qrcode:titles.qrcode"));
    await number.waitFor();
    expect(await textOf(number)).toBe(member.memberNo);
    expect(new URL(page.url()).pathname).toBe("/qrcode");
    // The clean address took the link's place in the history: back does not return to the message.
    await page.goBack();
    expect(page.url()).not.toContain("message=");
  });
});
