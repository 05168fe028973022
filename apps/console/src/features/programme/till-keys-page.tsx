import { consoleTillKeys } from "@hcoins/domain/api/console-till-keys";
import type { TillKey } from "@hcoins/domain/till-key-schema";
import type { TFunction } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { tillKeysQuery, useTillKeyChange } from "../../api/till-keys.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { ShownOnceDialog } from "../../components/shown-once-dialog.tsx";
import { StoreChoice, useStoreOptions } from "../../components/store-choice.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { formatTime } from "../../lib/format.ts";
import { type Key, useTranslation } from "../../lib/i18n.ts";
import { ruleText } from "../../lib/rule-text.ts";
import { useCanEditProgramme } from "./can-edit.ts";

type Rules = { name?: string; stores?: string; id?: string };

/** The first rule each field broke: the contract's own check before sending, or the server's 4000. */
function rulesOf(errors: readonly { field: string; rule: string }[]): Rules {
  const rules: Rules = {};
  for (const { field, rule } of errors) {
    if ((field === "name" || field === "stores" || field === "id") && !rules[field]) rules[field] = rule;
  }
  return rules;
}

const storesError = (t: TFunction<Key>, rule: string | undefined) =>
  rule === undefined
    ? null
    : rule === "required"
      ? t("programme.tillKeys.storesRequired")
      : ruleText(t, rule);

function checked(body: { name: string; stores: string[] }): Rules | null {
  const parsed = consoleTillKeys.create.body.safeParse(body);
  if (parsed.success) return null;
  return rulesOf(parsed.error.issues.map((issue) => ({ field: String(issue.path[0]), rule: issue.message })));
}

function CreateTillKey({ onMade }: { onMade: (key: string, made: TillKey) => void }) {
  const { t } = useTranslation();
  const { create } = useTillKeyChange();
  const { stores, options } = useStoreOptions();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<string[]>([]);
  const [rules, setRules] = useState<Rules>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { name: name.trim(), stores: chosen };
    const broken = checked(body);
    setRules(broken ?? {});
    setFailure(null);
    if (broken) return;
    try {
      const answer = await create.mutateAsync(body);
      setName("");
      setChosen([]);
      onMade(answer.key, answer.till_key);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRules(rulesOf(fieldErrors(error)));
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>{t("programme.tillKeys.add")}</h2>
      <FormAlert message={failure} />
      <QueryState query={stores} />
      {stores.data && options.length === 0 ? <p>{t("programme.tillKeys.noStores")}</p> : null}
      <Field
        label={t("programme.tillKeys.name")}
        hint={t("programme.tillKeys.nameHint")}
        autoComplete="off"
        value={name}
        error={rules.name}
        onChange={(event) => setName(event.target.value)}
      />
      <StoreChoice
        legend={t("programme.tillKeys.stores")}
        hint={t("programme.tillKeys.storesHint")}
        options={options}
        chosen={chosen}
        onChange={setChosen}
        error={storesError(t, rules.stores)}
      />
      <button type="submit" className="button" disabled={create.isPending || options.length === 0}>
        {t("programme.tillKeys.addSubmit")}
      </button>
    </form>
  );
}

function StoresDialog({
  tillKey,
  onClose,
  onDone,
}: {
  tillKey: TillKey;
  onClose: () => void;
  onDone: (after: TillKey) => void;
}) {
  const { t } = useTranslation();
  const { setStores } = useTillKeyChange();
  const { options } = useStoreOptions(tillKey.stores);
  const [chosen, setChosen] = useState<string[]>(tillKey.stores);
  const [rules, setRules] = useState<Rules>({});
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    const broken = checked({ name: tillKey.name, stores: chosen });
    setRules(broken ?? {});
    setFailure(null);
    if (broken) return;
    try {
      onDone((await setStores.mutateAsync({ id: tillKey.id, stores: chosen })).till_key);
    } catch (error) {
      setFailure(errorMessage(error, t));
      setRules(rulesOf(fieldErrors(error)));
    }
  };

  return (
    <Dialog title={t("programme.tillKeys.editTitle", { name: tillKey.name })} onClose={onClose}>
      <FormAlert message={failure} />
      {rules.id ? <p className="field-error">{ruleText(t, rules.id)}</p> : null}
      <StoreChoice
        legend={t("programme.tillKeys.stores")}
        hint={t("programme.tillKeys.storesHint")}
        options={options}
        chosen={chosen}
        onChange={setChosen}
        error={storesError(t, rules.stores)}
      />
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onClose}>
          {t("programme.cancel")}
        </button>
        <button type="button" className="button" disabled={setStores.isPending} onClick={() => void save()}>
          {t("programme.tillKeys.editSubmit")}
        </button>
      </div>
    </Dialog>
  );
}

/** The till keys operators make: the list (read by the auditor), making one (its key shown once), its stores, revoking. */
export function Component() {
  const { t } = useTranslation();
  const keys = useQuery(tillKeysQuery());
  const list = useSortedPage(
    keys.data?.till_keys ?? [],
    {
      name: (key) => key.name,
      state: (key) => (key.revoked_at === null ? 0 : 1),
      created: (key) => key.created_at,
      lastUsed: (key) => key.last_used_at,
    },
    null,
  );
  const canEdit = useCanEditProgramme();
  const { revoke } = useTillKeyChange();
  const [shown, setShown] = useState<{ key: string; made: TillKey } | null>(null);
  const [editing, setEditing] = useState<TillKey | null>(null);
  const [revoking, setRevoking] = useState<TillKey | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const storeList = (codes: readonly string[]) => codes.join(", ");

  const confirmRevoke = async (tillKey: TillKey) => {
    setFailure(null);
    try {
      const after = (await revoke.mutateAsync(tillKey.id)).till_key;
      setDone(t("programme.tillKeys.revoked", { name: after.name }));
      setRevoking(null);
    } catch (error) {
      const rule = rulesOf(fieldErrors(error)).id;
      setFailure(rule ? ruleText(t, rule) : errorMessage(error, t));
    }
  };

  return (
    <section className="page">
      <h1>{t("programme.tillKeys.title")}</h1>
      <p>{t("programme.tillKeys.intro")}</p>
      {done ? <p role="status">{done}</p> : null}
      <QueryState query={keys} />
      {keys.data ? (
        <ListTable
          caption={t("programme.tillKeys.title")}
          head={[
            { label: t("programme.tillKeys.name"), column: "name" },
            t("programme.tillKeys.stores"),
            { label: t("programme.tillKeys.state"), column: "state" },
            { label: t("programme.tillKeys.created"), column: "created" },
            { label: t("programme.tillKeys.lastUsed"), column: "lastUsed" },
            canEdit && t("programme.rewards.actions"),
          ]}
          sort={list.sort}
          onSort={list.setSort}
          empty={t("programme.tillKeys.none")}
          count={keys.data.till_keys.length}
        >
          {list.rows.map((tillKey) => (
            <tr key={tillKey.id}>
              <td>{tillKey.name}</td>
              <td>{storeList(tillKey.stores)}</td>
              <td>
                {tillKey.revoked_at === null
                  ? t("programme.tillKeys.live")
                  : t("programme.tillKeys.revokedAt", {
                      at: formatTime(tillKey.revoked_at),
                      by: tillKey.revoked_by ?? "—",
                    })}
              </td>
              <td>
                {t("programme.tillKeys.createdBy", {
                  at: formatTime(tillKey.created_at),
                  by: tillKey.created_by,
                })}
              </td>
              <td>
                {tillKey.last_used_at === null
                  ? t("programme.tillKeys.never")
                  : formatTime(tillKey.last_used_at)}
              </td>
              {canEdit ? (
                <td>
                  {tillKey.revoked_at === null ? (
                    <div className="row-actions">
                      <button type="button" className="button secondary" onClick={() => setEditing(tillKey)}>
                        {t("programme.tillKeys.editStores", { name: tillKey.name })}
                      </button>
                      <button type="button" className="button danger" onClick={() => setRevoking(tillKey)}>
                        {t("programme.tillKeys.revoke", { name: tillKey.name })}
                      </button>
                    </div>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Pager
        page={list.page}
        pages={list.pages}
        onPage={list.setPage}
        label={t("programme.tillKeys.title")}
      />
      {canEdit ? (
        <CreateTillKey
          onMade={(key, made) => {
            setDone(t("programme.tillKeys.made", { name: made.name, stores: storeList(made.stores) }));
            setShown({ key, made });
          }}
        />
      ) : null}
      {shown ? (
        <ShownOnceDialog
          title={t("programme.tillKeys.keyTitle", { name: shown.made.name })}
          secret={shown.key}
          labels={{
            copy: t("programme.tillKeys.copy"),
            copied: t("programme.tillKeys.copied"),
            done: t("programme.tillKeys.done"),
          }}
          onClose={() => setShown(null)}
        >
          <p>
            {t("programme.tillKeys.keyIntro", {
              name: shown.made.name,
              stores: storeList(shown.made.stores),
            })}
          </p>
          <p className="alert">{t("programme.tillKeys.keyWarning")}</p>
        </ShownOnceDialog>
      ) : null}
      {editing ? (
        <StoresDialog
          tillKey={editing}
          onClose={() => setEditing(null)}
          onDone={(after) => {
            setDone(
              t("programme.tillKeys.storesChanged", { name: after.name, stores: storeList(after.stores) }),
            );
            setEditing(null);
          }}
        />
      ) : null}
      {revoking ? (
        <Dialog
          title={t("programme.tillKeys.revokeTitle", { name: revoking.name })}
          onClose={() => setRevoking(null)}
        >
          <FormAlert message={failure} />
          <p>{t("programme.tillKeys.revokeConfirm", { name: revoking.name })}</p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setRevoking(null)}>
              {t("programme.cancel")}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={revoke.isPending}
              onClick={() => void confirmRevoke(revoking)}
            >
              {t("programme.tillKeys.revokeSubmit")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
