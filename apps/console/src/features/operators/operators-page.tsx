import { OPERATOR_ROLES, type OperatorRole } from "@hcoins/domain/api/console";
import { ErrorCode } from "@hcoins/domain/codes";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { ApiError } from "../../api/client.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { operatorsQuery, useOperatorChange } from "../../api/operators.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { ShownOnceDialog } from "../../components/shown-once-dialog.tsx";
import { SortHeader } from "../../components/sort-header.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { CoinControlsForm } from "../coin-controls/coin-controls-form.tsx";

/** The columns the operators list sorts by (their header texts are operators.<column>). */
const SORTED_BY = ["email", "role", "state", "lastSignIn"] as const;
/** The one-time sign-in link, shown once: after this dialog closes nobody can see it again. */
function SignInLink({ email, link, onClose }: { email: string; link: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ShownOnceDialog
      title={t("operators.linkTitle")}
      secret={link}
      labels={{ copy: t("operators.copy"), copied: t("operators.copied"), done: t("operators.done") }}
      onClose={onClose}
    >
      <p>{t("operators.linkIntro", { email })}</p>
    </ShownOnceDialog>
  );
}

function AddOperator({ onLink }: { onLink: (email: string, link: string) => void }) {
  const { t } = useTranslation();
  const roleId = useId();
  const { add } = useOperatorChange();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OperatorRole>("customerService");
  const [emailRule, setEmailRule] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === "") {
      setEmailRule("required");
      return;
    }
    setEmailRule(undefined);
    setFailure(null);
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
      setEmailRule(fieldErrors(error).find((each) => each.field === "email")?.rule);
    }
  };

  return (
    <form className="filters" onSubmit={submit} noValidate>
      <h2>{t("operators.add")}</h2>
      <FormAlert message={failure} />
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

/** Administrators: the operators, adding one, a new sign-in link, disabling. */
export function OperatorsPage() {
  const { t } = useTranslation();
  const query = useQuery(operatorsQuery());
  const { reinvite, disable } = useOperatorChange();
  const [shown, setShown] = useState<{ email: string; link: string } | null>(null);
  const [disabling, setDisabling] = useState<{ id: number; email: string } | null>(null);
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
      <AddOperator onLink={(email, link) => setShown({ email, link })} />
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
                  <td>{operator.email}</td>
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
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label={t("operators.title")} />
      {shown ? <SignInLink email={shown.email} link={shown.link} onClose={() => setShown(null)} /> : null}
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
