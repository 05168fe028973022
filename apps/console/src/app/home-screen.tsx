import { useQuery } from "@tanstack/react-query";
import { Navigate } from "react-router";
import { sessionQuery } from "../api/session.ts";
import { useTranslation } from "../lib/i18n.ts";
import { navigationFor } from "./navigation.ts";

/** The console's front door: the first screen the role may use, or a word that there is none yet. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { data: operator } = useQuery(sessionQuery);
  const first = operator ? navigationFor(operator.permissions)[0] : undefined;
  if (first) return <Navigate to={first.to} replace />;
  return (
    <section className="page">
      <h1>{t("home.title")}</h1>
      <p>{t("home.nothingYet")}</p>
    </section>
  );
}
