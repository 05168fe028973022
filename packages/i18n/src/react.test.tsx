import { act, cleanup, render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Trans, useTranslator } from "./react.tsx";
import { Translator } from "./translator.ts";

afterEach(cleanup);

function setUp() {
  const translator = new Translator({ language: "en", defaultNamespace: "common", locale: (l) => l });
  translator.addCatalogue("en", "common", {
    title: "Members",
    terms: "I agree to the <privacy>Privacy Policy<newTab> (new tab)</newTab></privacy>.",
    broken: "Read <b>this</i> <u>now",
  });
  translator.addCatalogue("en", "login", { title: "Log in" });
  translator.addCatalogue("fr", "common", { title: "Membres" });
  translator.addCatalogue("fr", "login", { title: "Connexion" });
  return translator;
}

function Title({ translator, onTitle }: { translator: Translator; onTitle: (title: string) => void }) {
  const { t, i18n } = useTranslator(translator, ["login", "common"]);
  useEffect(() => onTitle(t("title")), [t, onTitle]);
  return (
    <h1 lang={i18n.language}>
      {t("title")} · {t("common:title")}
    </h1>
  );
}

describe("useTranslator", () => {
  it("reads the first namespace named, and draws again with a new t on a language change", () => {
    const translator = setUp();
    const effect = vi.fn();
    render(<Title translator={translator} onTitle={effect} />);
    expect(screen.getByRole("heading").textContent).toBe("Log in · Members");
    act(() => translator.changeLanguage("fr"));
    expect(screen.getByRole("heading").textContent).toBe("Connexion · Membres");
    expect(screen.getByRole("heading").getAttribute("lang")).toBe("fr");
    expect(effect.mock.calls).toEqual([["Log in"], ["Connexion"]]);
  });
});

describe("Trans", () => {
  it("puts each tagged part in its component, nested tags too", () => {
    const translator = setUp();
    render(
      <p>
        <Trans
          t={translator.t}
          i18nKey="terms"
          components={{
            // biome-ignore lint/a11y/useAnchorContent: the text comes from the translation
            privacy: <a href="/privacy" />,
            newTab: <span className="visually-hidden" />,
          }}
        />
      </p>,
    );
    const link = screen.getByRole("link");
    expect(link.getAttribute("href")).toBe("/privacy");
    expect(link.textContent).toBe("Privacy Policy (new tab)");
    expect(link.querySelector(".visually-hidden")?.textContent).toBe(" (new tab)");
    expect(screen.getByRole("paragraph").textContent).toBe("I agree to the Privacy Policy (new tab).");
  });

  it("shows a tag closed out of turn or left open as written, losing no text", () => {
    const translator = setUp();
    render(
      <p>
        <Trans t={translator.t} i18nKey="broken" components={{ b: <b />, u: <u /> }} />
      </p>,
    );
    expect(screen.getByRole("paragraph").textContent).toBe("Read <b>this</i> <u>now");
  });
});
