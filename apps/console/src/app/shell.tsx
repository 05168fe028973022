import type { ConsoleOperator } from "@hcoins/domain/api/console";
import { useQuery } from "@tanstack/react-query";
import { NavLink, Outlet, useMatches, useNavigate } from "react-router";
import { sessionQuery, useSignOut } from "../api/session.ts";
import { LanguageSelect } from "../components/language-select.tsx";
import { useDocumentTitle } from "../components/use-document-title.ts";
import { type Key, useTranslation } from "../lib/i18n.ts";
import { holds, type PermissionNeed } from "../lib/permissions.ts";
import { navigationFor } from "./navigation.ts";
import { RouteError } from "./route-error.tsx";

/** What a screen's route says of itself: its title key and the permission it needs (the shell checks it). */
export interface ScreenHandle {
  title: Key;
  permission?: PermissionNeed;
}

/** The screen's handle: the deepest route that has one. */
function useScreenHandle(): ScreenHandle | undefined {
  const matches = useMatches();
  return matches
    .map((match) => match.handle as ScreenHandle | undefined)
    .filter((handle) => handle !== undefined)
    .at(-1);
}

/** Every signed-in screen: the navigation the operator's role may use, who is signed in, and sign-out. */
export function Shell() {
  const { t } = useTranslation();
  const { data: operator } = useQuery(sessionQuery);
  const handle = useScreenHandle();
  const navigate = useNavigate();
  const signOut = useSignOut();

  useDocumentTitle(handle?.title);

  if (!operator) return null;
  const allowed = !handle?.permission || holds(operator.permissions, handle.permission);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t("app.skipToContent")}
      </a>
      <header className="sidebar">
        <p className="brand">{t("app.name")}</p>
        <nav aria-label={t("nav.label")}>
          <ul>
            {navigationFor(operator.permissions).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to}>{t(item.label)}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <OperatorCard operator={operator}>
          <LanguageSelect />
          <button
            type="button"
            className="button secondary"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate(undefined, { onSettled: () => navigate("/sign-in") })}
          >
            {t("app.signOut")}
          </button>
        </OperatorCard>
      </header>
      <main id="main" className="content" tabIndex={-1}>
        {allowed ? <Outlet /> : <RouteError forbidden />}
      </main>
    </div>
  );
}

function OperatorCard({ operator, children }: { operator: ConsoleOperator; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="operator">
      <p>
        <span className="operator-email">{operator.email}</span>
        <span className="operator-role">{t(`roles.${operator.role}`)}</span>
      </p>
      <div className="operator-actions">{children}</div>
    </div>
  );
}
