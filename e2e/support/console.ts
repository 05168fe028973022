import type { OperatorRole } from "@hcoins/domain/api/console";
import { URI } from "otpauth";
import type { Page } from "playwright-core";
import enConsole from "../../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./axe.ts";
import type { TestServer } from "./server.ts";
import { exactly } from "./texts.ts";

export const OPERATOR_PASSWORD = "Console2026x";

/** The console's catalogue in one language (apps/console/src/locales): what an operator reads. */
export type ConsoleTexts = typeof enConsole;

/**
 * An operator's first sign-in as a person does it: the administrator's `operator-add` gives a
 * one-time link; the page sets the password and enrols the authenticator (the journey reads the
 * otpauth secret the page draws as a QR code and computes the current code, as the app would).
 * The invitation screen is scanned with axe on the way.
 */
export async function firstSignIn(
  server: TestServer,
  page: Page,
  email: string,
  role: OperatorRole,
  catalogue: ConsoleTexts = enConsole,
) {
  const { link } = await server.services.operators.add(email, role, { actor: "cli:e2e", address: null });
  return acceptInvitation(server, page, link, catalogue);
}

/** Opens a one-time sign-in link, sets the password and enrols the authenticator (the page in `catalogue`'s language). */
export async function acceptInvitation(
  server: TestServer,
  page: Page,
  link: string,
  catalogue: ConsoleTexts = enConsole,
) {
  const t = catalogue.invitation;
  const token = new URL(link).hash.slice(1);
  await page.goto(`/console/invitation#${token}`);
  await page.getByRole("heading", { name: exactly(t.title) }).waitFor();
  const violations = await seriousViolations(page);
  if (violations.length > 0) throw new Error(`axe on the invitation screen:\n${violations.join("\n")}`);
  const invitation = await fetch(`${server.url}/console/api/session/invitation`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  const { otpauth_uri } = ((await invitation.json()) as { payload: { otpauth_uri: string } }).payload;
  await page.getByLabel(t.password, { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByLabel(t.confirmPassword, { exact: true }).fill(OPERATOR_PASSWORD);
  await page.getByLabel(t.code, { exact: true }).fill(URI.parse(otpauth_uri).generate());
  await page.getByRole("button", { name: exactly(t.submit) }).click();
  return { otpauthUri: otpauth_uri };
}
