import { OPERATOR_ROLES, type OperatorRole } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { operatorsQuery, useOperatorChange } from "../../api/operators.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { CoinControlsForm } from "./coin-controls-form.tsx";
import { ReEnableDialog } from "./re-enable-dialog.tsx";
import { SignInLinkDialog } from "./sign-in-link-dialog.tsx";

/** The columns the operators list sorts by (their header texts are operators.<column>). */
const SORTED_BY = ["email", "role", "state", "lastSignIn"] as const;

/** Re-enabling an operator: who, and in which role (the one asked for when adding them again). */
interface Enabling {
  id: number;
  email: string;
  role: OperatorRole;
}

function AddOperator({
  onLink,
  onDisabled,
}: {
  onLink: (email: string, link: string) => void;
  /** The email names a disabled operator (4277): offer to re-enable them in the role chosen. */
  onDisabled: (id: number, role: OperatorRole) => void;
}) {
  const { t } = useTranslation();
  const roleId = useId();
  const { add } = useOperatorChange();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OperatorRole>("customerService");
  const [emailRule, setEmailRule] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [disabledId, setDisabledId] = useState<number | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") {
      setEmailRule("required");
      return;
    }
    setEmailRule(undefined);
    setFailure(null);
    setDisabledId(null);
    try {
      const added = await add.mutateAsync({ email: email.trim(), role });
      setEmail("");
      onLink(added.operator.email, added.sign_in_link);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === ErrorCode.emailTaken
          ? t("operators.emailTaken")
          : errorMessage(error, t),
      );
      const disabled = error instanceof ApiError && error.code === ErrorCode.operatorDisabledEmail;
      setDisabledId(disabled ? Number(error.details.operator_id) : null);
      setEmailRule(fieldErrors(error).find((each) => each.field === "email")?.rule);
    }
  };

  return (
    <form className="filters" onSubmit={submit} noValidate>
      <h2>{t("operators.add")}</h2>
      <FormAlert message={failure} />
      {disabledId !== null ? (
        <p>
          <button type="button" className="button secondary" onClick={() => onDisabled(disabledId, role)}>
            {t("operatorLifecycle.enableInstead")}
          </button>
        </p>
      ) : null}
      <Field
        label={t("operators.email")}
        type="email"
        autoComplete="off"
        value={email}
        error={emailRule}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="field">
        <label htmlFor={roleId}>{t("operators.role")}</label>
        <select id={roleId} value={role} onChange={(event) => setRole(event.target.value as OperatorRole)}>
          {OPERATOR_ROLES.map((each) => (
            <option key={each} value={each}>
              {t(`roles.${each}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-actions">
        <button type="submit" className="button" disabled={add.isPending}>
          {t("operators.addSubmit")}
        </button>
      </div>
    </form>
  );
}

/** Administrators: the operators, adding one, a new sign-in link, disabling, re-enabling; each row opens the operator's page. */
export function Component() {
  const { t } = useTranslation();
  const query = useQuery(operatorsQuery());
  const { reinvite, disable } = useOperatorChange();
  const [shown, setShown] = useState<{ email: string; link: string } | null>(null);
  const [disabling, setDisabling] = useState<{ id: number; email: string } | null>(null);
  const [enabling, setEnabling] = useState<Enabling | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const when = (at: string | null) => (at === null ? t("operators.never") : formatTime(at));

  const newLink = async (id: number) => {
    setFailure(null);
    try {
      const answer = await reinvite.mutateAsync(id);
      setShown({ email: answer.operator.email, link: answer.sign_in_link });
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const confirmDisable = async () => {
    if (!disabling) return;
    setFailure(null);
    try {
      await disable.mutateAsync(disabling.id);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
    setDisabling(null);
  };

  const list = useSortedPage(
    query.data?.operators ?? [],
    {
      email: (operator) => operator.email,
      role: (operator) => t(`roles.${operator.role}`),
      state: (operator) => (!operator.active ? 2 : operator.activated ? 0 : 1),
      lastSignIn: (operator) => operator.last_sign_in_at,
    },
    null,
  );

  return (
    <section className="page">
      <h1>{t("operators.title")}</h1>
      <AddOperator
        onLink={(email, link) => setShown({ email, link })}
        onDisabled={(id, role) => {
          const operator = query.data?.operators.find((one) => one.id === id);
          if (operator) setEnabling({ id, email: operator.email, role });
        }}
      />
      <CoinControlsForm />
      <FormAlert message={failure} />
      <QueryState query={query} />
      {query.data ? (
        <TableScroll label={t("operators.title")}>
          <table>
            <thead>
              <tr>
                {SORTED_BY.map((column) => (
                  <SortHeader
                    key={column}
                    label={t(`operators.${column}`)}
                    column={column}
                    sort={list.sort}
                    onSort={list.setSort}
                  />
                ))}
                <th scope="col">{t("operators.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((operator) => (
                <tr key={operator.id}>
                  <td>
                    <Link to={`/operators/${operator.id}`}>{operator.email}</Link>
                  </td>
                  <td>{t(`roles.${operator.role}`)}</td>
                  <td>
                    {!operator.active
                      ? t("operators.disabled")
                      : operator.activated
                        ? t("operators.active")
                        : t("operators.invited")}
                  </td>
                  <td>{when(operator.last_sign_in_at)}</td>
                  <td>
                    {operator.active ? (
                      <>
                        <button
                          type="button"
                          className="button secondary"
                          aria-label={t("operators.newLinkFor", { email: operator.email })}
                          onClick={() => void newLink(operator.id)}
                        >
                          {t("operators.newLink")}
                        </button>{" "}
                        <button
                          type="button"
                          className="button danger"
                          aria-label={t("operators.disableFor", { email: operator.email })}
                          onClick={() => setDisabling({ id: operator.id, email: operator.email })}
                        >
                          {t("operators.disable")}
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="button secondary"
                        aria-label={t("operatorLifecycle.enableFor", { email: operator.email })}
                        onClick={() =>
                          setEnabling({ id: operator.id, email: operator.email, role: operator.role })
                        }
                      >
                        {t("operatorLifecycle.enable")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label={t("operators.title")} />
      {shown ? (
        <SignInLinkDialog email={shown.email} link={shown.link} onClose={() => setShown(null)} />
      ) : null}
      {enabling ? (
        <ReEnableDialog
          operator={enabling}
          onClose={() => setEnabling(null)}
          onLink={(email, link) => {
            setEnabling(null);
            setShown({ email, link });
          }}
        />
      ) : null}
      {disabling ? (
        <Dialog title={t("operators.disableTitle")} onClose={() => setDisabling(null)}>
          <p>{t("operators.disableConfirm", { email: disabling.email })}</p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setDisabling(null)}>
              {t("operators.keep")}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={disable.isPending}
              onClick={() => void confirmDisable()}
            >
              {t("operators.disable")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
