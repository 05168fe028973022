import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { operatorQuery } from "../../api/operators.ts";
import { QueryState } from "../../components/query-state.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { OperatorRoleCard } from "./operator-role-card.tsx";
import { OperatorSessionsCard } from "./operator-sessions-card.tsx";
import { ReEnableDialog } from "./re-enable-dialog.tsx";
import { ResetAuthenticatorCard } from "./reset-authenticator-card.tsx";
import { SignInLinkDialog } from "./sign-in-link-dialog.tsx";
import { SignInLockCard } from "./sign-in-lock-card.tsx";

/** One operator, for administrators: their state, role, sign-in lock, authenticator and sessions. */
export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useQuery(operatorQuery(id));
  const [done, setDone] = useState<string | null>(null);
  const [shown, setShown] = useState<{ email: string; link: string } | null>(null);
  const [enabling, setEnabling] = useState(false);
  const detail = query.data;
  const operator = detail?.operator;
  const onLink = (email: string, link: string) => {
    setEnabling(false);
    setDone(null);
    setShown({ email, link });
  };

  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/operators">{t("operators.title")}</Link>
      </p>
      <QueryState query={query} />
      {detail && operator ? (
        <>
          <h1 className="operator-email">{operator.email}</h1>
          <p className="status-line" role="status">
            {done}
          </p>
          <dl className="facts">
            <div>
              <dt>{t("operators.role")}</dt>
              <dd>{t(`roles.${operator.role}`)}</dd>
            </div>
            <div>
              <dt>{t("operators.state")}</dt>
              <dd>
                {!operator.active
                  ? t("operators.disabled")
                  : operator.activated
                    ? t("operators.active")
                    : t("operators.invited")}
              </dd>
            </div>
            <div>
              <dt>{t("operators.lastSignIn")}</dt>
              <dd>
                {operator.last_sign_in_at ? formatTime(operator.last_sign_in_at) : t("operators.never")}
              </dd>
            </div>
            <div>
              <dt>{t("operatorLifecycle.createdAt")}</dt>
              <dd>{formatTime(operator.created_at)}</dd>
            </div>
          </dl>
          {operator.active ? null : (
            <p>
              <button type="button" className="button" onClick={() => setEnabling(true)}>
                {t("operatorLifecycle.enable")}
              </button>
            </p>
          )}
          <div className="cards">
            {operator.active ? (
              <OperatorRoleCard key={operator.role} detail={detail} onDone={setDone} />
            ) : null}
            <SignInLockCard detail={detail} onDone={setDone} />
            {operator.active ? <ResetAuthenticatorCard detail={detail} onLink={onLink} /> : null}
            <OperatorSessionsCard detail={detail} onDone={setDone} />
          </div>
        </>
      ) : null}
      {enabling && operator ? (
        <ReEnableDialog operator={operator} onClose={() => setEnabling(false)} onLink={onLink} />
      ) : null}
      {shown ? (
        <SignInLinkDialog email={shown.email} link={shown.link} onClose={() => setShown(null)} />
      ) : null}
    </section>
  );
}
