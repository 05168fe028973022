import { Link, useRouteError } from "react-router";
import { errorMessage } from "../api/error-message.ts";
import { useTranslation } from "../lib/i18n.ts";

/** A screen that cannot show: not found, not allowed for the role, or a failure the router caught. */
export function RouteError({
  notFound = false,
  forbidden = false,
}: {
  notFound?: boolean;
  forbidden?: boolean;
}) {
  const { t } = useTranslation();
  const error = useRouteError();
  const [title, message] = forbidden
    ? [t("forbidden.title"), t("errors.forbidden")]
    : notFound
      ? [t("notFound.title"), t("notFound.message")]
      : [t("errors.title"), errorMessage(error, t)];
  return (
    <section className="page">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to="/">{t("app.home")}</Link>
      </p>
    </section>
  );
}
