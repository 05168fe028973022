import { HTML_LANG, LANGUAGES, type Language } from "@hcoins/domain/languages";
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { Link, Outlet, useLocation, useMatches, useNavigation } from "react-router";
import { changeLanguage, currentLanguage, useTranslation } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { useToken } from "../lib/session.ts";
import { loadMemberMenu } from "./member-menu-loader.ts";
import type { Screen } from "./screens.ts";
import { useFocusHeading } from "./use-focus-heading.ts";

const MemberMenu = lazy(async () => ({ default: (await loadMemberMenu()).MemberMenu }));

const LANGUAGE_SHORT: Record<Language, string> = { en: "EN", tc: "繁", sc: "简" };

/** Scroll to top, document title and <html lang> on every navigation and language change. */
function useNavigationEffects() {
  const location = useLocation();
  const matches = useMatches();
  const { t, i18n } = useTranslation("common");
  const titleKey = [...matches]
    .reverse()
    .find((match) => (match.handle as { title?: string } | undefined)?.title)?.handle as
    | Pick<Screen, "title">
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
    const title = t(titleKey?.title ?? "common:appName");
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
          onClick={() => changeLanguage(language)}
        >
          {/* The name starts with what the button shows (speech control users say "EN"). */}
          {LANGUAGE_SHORT[language]}
          <span className="visually-hidden"> {t(`languages.${language}`)}</span>
        </button>
      ))}
    </nav>
  );
}

function VisitorLinks() {
  const { t } = useTranslation("common");
  return (
    <nav className="visitor-links" aria-label={t("account")}>
      <Link to={paths.register}>{t("register")}</Link>
      <Link to={paths.login}>{t("login")}</Link>
    </nav>
  );
}

function Footer() {
  const { t } = useTranslation("common");
  return (
    <footer className="app-footer">
      <nav aria-label={t("footer.label")}>
        <Link to={paths.privacyPolicy}>{t("footer.privacy")}</Link>
        <Link to={paths.cmsPage("general", "terms-and-conditions")}>{t("footer.terms")}</Link>
        <Link to={paths.storeList}>{t("stores:titles.stores")}</Link>
      </nav>
    </footer>
  );
}

export function RootLayout() {
  const { t } = useTranslation("common");
  const token = useToken();
  const navigation = useNavigation();
  const main = useRef<HTMLElement>(null);
  useNavigationEffects();
  useFocusHeading(main);
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
          {token ? (
            <Suspense fallback={<span className="member-menu-placeholder" />}>
              <MemberMenu />
            </Suspense>
          ) : (
            <VisitorLinks />
          )}
        </div>
      </header>
      <main ref={main} id="main" className="app-main" aria-busy={navigation.state === "loading" || undefined}>
        <Outlet />
      </main>
      <Footer />
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
            <a href={paths.home}>{t("appName")}</a>
          </p>
        </section>
      </main>
    </div>
  );
}
