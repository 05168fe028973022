import { HTML_LANG, LANGUAGES, type Language } from "@hcoins/domain/languages";
import { useEffect, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation, useMatches, useNavigate, useNavigation } from "react-router";
import { logout } from "../api/auth.ts";
import { clearUser } from "../api/profile.ts";
import { Button } from "../components/button.tsx";
import { changeLanguage, currentLanguage } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { session, useToken } from "../lib/session.ts";

const LANGUAGE_SHORT: Record<Language, string> = { en: "EN", tc: "繁", sc: "简" };

/** Scroll to top, document title and <html lang> on every navigation and language change. */
function useNavigationEffects() {
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation("common");
  const titleKey = [...matches]
    .reverse()
    .find((match) => (match.handle as { title?: string } | undefined)?.title)?.handle as
    | { title: string }
    | undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on each new path by design
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // A layout effect, so that it runs before every screen's effects: a screen that names the tab
  // itself (a CMS page after its title) does so after this, and wins, even when it draws with
  // its data at once (route loaders).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a language switch must re-run it
  useLayoutEffect(() => {
    const title = t(`titles.${titleKey?.title ?? "home"}`);
    document.title = title === t("appName") ? title : `${title} | ${t("appName")}`;
    document.documentElement.lang = HTML_LANG[currentLanguage()];
  }, [titleKey?.title, t, i18n.language]);
}

function LanguageSwitch() {
  const { t, i18n } = useTranslation("common");
  return (
    <nav className="language-switch" aria-label={t("language")}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={HTML_LANG[language]}
          aria-pressed={i18n.language === language}
          aria-label={t(`languages.${language}`)}
          onClick={() => changeLanguage(language)}
        >
          {LANGUAGE_SHORT[language]}
        </button>
      ))}
    </nav>
  );
}

function LogoutButton() {
  const { t } = useTranslation("common");
  const navigate = useNavigate();
  const leave = async () => {
    // The session ends here whatever the server answers: the member asked to leave.
    await logout().catch(() => undefined);
    session.clearToken();
    clearUser();
    navigate(paths.login);
  };
  return (
    <Button variant="link" onClick={leave}>
      {t("logout")}
    </Button>
  );
}

export function RootLayout() {
  const { t } = useTranslation("common");
  const token = useToken();
  const navigation = useNavigation();
  useNavigationEffects();
  // index.html's first paint (#boot) is hidden by CSS the moment the app draws; it then leaves
  // the page, so that its copy of the first screen's heading and intro goes with that screen.
  useEffect(() => document.getElementById("boot")?.remove(), []);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t("skipToContent")}
      </a>
      <header className="app-header">
        <Link to={paths.home} className="brand" aria-label={t("appName")}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          <span>{t("appName")}</span>
        </Link>
        <div className="header-actions">
          <LanguageSwitch />
          {token && <LogoutButton />}
        </div>
      </header>
      <main id="main" className="app-main" aria-busy={navigation.state === "loading" || undefined}>
        <Outlet />
      </main>
    </div>
  );
}

export function RootError() {
  const { t } = useTranslation("common");
  return (
    <div className="app">
      <main id="main" className="app-main">
        <section className="page">
          <h1 className="page-title">{t("serverError")}</h1>
          <p>
            <a href={paths.home}>{t("titles.home")}</a>
          </p>
        </section>
      </main>
    </div>
  );
}
