import { CONSENT_STATEMENT_VERSION } from "@hcoins/domain/marketing-consent";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { translator } from "../lib/i18n.ts";
import { ConsentStatements } from "./consent-statements.tsx";

/**
 * The digest of the statements' texts in every language, by the version the server records with
 * each consent change. A change of the texts fails here until CONSENT_STATEMENT_VERSION moves on
 * and the new version's digest is added: the records must name the texts the members were shown.
 */
const DIGESTS: Record<string, string> = {
  "2026-11-25": "8980fa9dfcb36904a587bd23dda17bcfc121cc27519213e860579365f76b8fe8",
};

const catalogues = import.meta.glob<{ consent: { optOut: string; directMarketing: string } }>(
  "../locales/*/common.json",
  { eager: true, import: "default" },
);

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

afterEach(async () => {
  await act(() => translator.changeLanguage("en"));
});

describe("ConsentStatements", () => {
  it("holds the texts of the version the server records", async () => {
    const texts = ["en", "tc", "sc"].map((language) => {
      const consent = catalogues[`../locales/${language}/common.json`]?.consent;
      return [language, consent?.optOut, consent?.directMarketing];
    });
    expect(texts.flat().every(Boolean)).toBe(true);
    expect(await sha256(JSON.stringify(texts))).toBe(DIGESTS[CONSENT_STATEMENT_VERSION]);
  });

  it.each([
    ["en", "leave its box unticked", "direct marketing"],
    ["tc", "請不要剔選該渠道", "直接促銷資訊"],
    ["sc", "请不要勾选该渠道", "直接营销信息"],
  ])("shows both statements in %s", async (language, optOut, directMarketing) => {
    await act(() => translator.changeLanguage(language));
    render(<ConsentStatements id="statements" />);
    const box = document.getElementById("statements") as HTMLElement;
    expect(box.querySelectorAll("p")).toHaveLength(2);
    expect(screen.getByText(new RegExp(optOut))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(directMarketing))).toBeInTheDocument();
  });
});
