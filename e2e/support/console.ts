import type { OperatorRole } from "@hcoins/domain/api/console";
import { URI } from "otpauth";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import enConsole from "../../apps/console/src/locales/en.json" with { type: "json" };
import { seriousViolations } from "./axe.ts";
import type { TestServer } from "./server.ts";
import { exactly } from "./texts.ts";

export const OPERATOR_PASSWORD = "Console2026x";

/**
 * An operator's first sign-in as a person does it: the administrator's `operator-add` gives a
 * one-time link; the page sets the password and enrols the authenticator (the journey reads the
 * otpauth secret the page draws as a QR code and computes the current code, as the app would).
 * The invitation screen is scanned with axe on the way.
 */
export async function firstSignIn(server: TestServer, page: Page, email: string, role: OperatorRole) {
  const { link } = await server.services.operators.add(email, role, { actor: "cli:e2e", address: null });
  return acceptInvitation(server, page, link);
}

/** Opens a one-time sign-in link, sets the password and enrols the authenticator. */
export async function acceptInvitation(server: TestServer, page: Page, link: string) {
  const t = enConsole.invitation;
  const token = new URL(link).hash.slice(1);
  await page.goto(`/console/invitation#${token}`);
  await page.getByRole("heading", { name: exactly(t.title) }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
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
