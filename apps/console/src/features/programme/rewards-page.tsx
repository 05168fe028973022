import type { ConsoleReward } from "@hcoins/domain/api/console-programme";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { rewardsQuery, useRewardChange } from "../../api/programme.ts";
import { Dialog } from "../../components/dialog.tsx";
import { Field } from "../../components/field.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { formatNumber } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { useCanEditProgramme } from "./can-edit.ts";

type Editing = { reward: ConsoleReward; kind: "stock" | "active" };
/** The list's filter: every reward, or those that need restocking (at or below their threshold, or sold out). */
type Show = "all" | "low";

const needsStock = (reward: ConsoleReward) => reward.stock_level !== "in_stock";

/**
 * The catalogue with each reward's stock and state: stock added or removed, rewards offered or
 * withdrawn; each reward's title opens its form (reward-form-page.tsx), and a new one is added there.
 */
export function Component() {
  const { t } = useTranslation();
  const rewards = useQuery(rewardsQuery());
  const canEdit = useCanEditProgramme();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The form says what it saved when it brings the operator back here.
  const saved = (useLocation().state as { done?: string } | null)?.done ?? null;
  const [done, setDone] = useState<string | null>(saved);
  const language = currentLanguage();
  const [show, setShow] = useState<Show>("all");
  const showId = useId();
  const shown = (rewards.data?.rewards ?? []).filter((reward) => show === "all" || needsStock(reward));
  const list = useSortedPage(
    shown,
    {
      title: (reward) => reward.title[language] || reward.title.en,
      coins: (reward) => reward.coins,
      stock: (reward) => reward.stock,
      state: (reward) => (reward.active ? 0 : 1),
    },
    null,
  );

  return (
    <section className="page">
      <h1>{t("programme.rewards.title")}</h1>
      {done ? <p role="status">{done}</p> : null}
      {canEdit ? (
        <p>
          <Link className="button" to="/rewards/new">
            {t("programme.rewards.add")}
          </Link>
        </p>
      ) : null}
      <QueryState query={rewards} />
      {rewards.data ? (
        <div className="filters">
          <div className="field">
            <label htmlFor={showId}>{t("programme.rewards.show")}</label>
            <select id={showId} value={show} onChange={(event) => setShow(event.target.value as Show)}>
              <option value="all">{t("programme.rewards.showAll")}</option>
              <option value="low">{t("programme.rewards.showLow")}</option>
            </select>
          </div>
        </div>
      ) : null}
      {rewards.data ? (
        <ListTable
          caption={t("programme.rewards.title")}
          head={[
            { label: t("programme.rewards.reward"), column: "title" },
            { label: t("programme.rewards.coins"), column: "coins" },
            { label: t("programme.rewards.stock"), column: "stock" },
            { label: t("programme.rewards.state"), column: "state" },
            canEdit && t("programme.rewards.actions"),
          ]}
          sort={list.sort}
          onSort={list.setSort}
          empty={show === "all" ? t("programme.rewards.none") : t("programme.rewards.noneLow")}
          count={shown.length}
        >
          {list.rows.map((reward) => (
            <tr key={reward.id}>
              <td>
                <Link
                  to={`/rewards/${reward.id}`}
                  aria-label={t(canEdit ? "programme.rewards.edit" : "programme.rewards.view", {
                    title: reward.title[language] || reward.title.en,
                  })}
                >
                  {reward.title[language] || reward.title.en}
                </Link>
              </td>
              <td>{formatNumber(reward.coins)}</td>
              <td>
                {formatNumber(reward.stock)} <StockMarker reward={reward} />
              </td>
              <td>{reward.active ? t("programme.rewards.active") : t("programme.rewards.inactive")}</td>
              {canEdit ? (
                <td>
                  <button
                    type="button"
                    className="button secondary"
                    onClick={() => setEditing({ reward, kind: "stock" })}
                  >
                    {t("programme.rewards.changeStock", { title: reward.title[language] })}
                  </button>{" "}
                  <button
                    type="button"
                    className={reward.active ? "button danger" : "button secondary"}
                    onClick={() => setEditing({ reward, kind: "active" })}
                  >
                    {reward.active
                      ? t("programme.rewards.deactivate", { title: reward.title[language] })
                      : t("programme.rewards.activate", { title: reward.title[language] })}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label={t("programme.rewards.title")} />
      {editing ? (
        <RewardDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onDone={(message) => {
            setEditing(null);
            setDone(message);
          }}
        />
      ) : null}
    </section>
  );
}

/** Sold out, or low on stock (at or below the reward's threshold): what a programme manager restocks. */
function StockMarker({ reward }: { reward: ConsoleReward }) {
  const { t } = useTranslation();
  if (reward.stock_level === "sold_out")
    return <span className="badge badge-soldOut">{t("programme.rewards.soldOut")}</span>;
  if (reward.stock_level === "low")
    return (
      <span className="badge badge-lowStock">
        {t("programme.rewards.lowStock", { stock: formatNumber(reward.stock) })}
      </span>
    );
  return null;
}

function RewardDialog({
  editing: { reward, kind },
  onClose,
  onDone,
}: {
  editing: Editing;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useRewardChange(reward.id);
  const [change, setChange] = useState("");
  const [rule, setRule] = useState<"stockChange" | "stockNegative" | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const title = reward.title[currentLanguage()] || reward.title.en;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    let input: { change: number } | { active: boolean };
    if (kind === "stock") {
      const text = change.trim();
      if (!/^[+-]?\d{1,7}$/.test(text) || Number(text) === 0) {
        setRule("stockChange");
        return;
      }
      if (reward.stock + Number(text) < 0) {
        setRule("stockNegative");
        return;
      }
      input = { change: Number(text) };
    } else input = { active: !reward.active };
    setRule(undefined);
    try {
      const after = await mutation.mutateAsync(input);
      onDone(
        kind === "stock"
          ? t("programme.rewards.stockChanged", { title, stock: formatNumber(after.stock) })
          : after.active
            ? t("programme.rewards.activated", { title })
            : t("programme.rewards.deactivated", { title }),
      );
    } catch (error) {
      const stockRule = fieldErrors(error).find((one) => one.field === "change")?.rule;
      if (stockRule === "stockNegative") setRule("stockNegative");
      else setFailure(errorMessage(error, t));
    }
  };

  const heading =
    kind === "stock"
      ? t("programme.rewards.stockTitle", { title })
      : reward.active
        ? t("programme.rewards.deactivateTitle", { title })
        : t("programme.rewards.activateTitle", { title });
  return (
    <Dialog title={heading} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <FormAlert message={failure} />
        {kind === "stock" ? (
          <>
            <p>{t("programme.rewards.stockNow", { stock: formatNumber(reward.stock) })}</p>
            <Field
              label={t("programme.rewards.change")}
              hint={t("programme.rewards.changeHint")}
              inputMode="numeric"
              value={change}
              onChange={(event) => setChange(event.target.value)}
            />
            {rule ? (
              <p className="field-error" role="alert">
                {t(`programme.rules.${rule}`, { stock: formatNumber(reward.stock) })}
              </p>
            ) : null}
          </>
        ) : (
          <p>
            {reward.active
              ? t("programme.rewards.deactivateConfirm")
              : t("programme.rewards.activateConfirm")}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t("programme.cancel")}
          </button>
          <button
            type="submit"
            className={kind === "active" && reward.active ? "button danger" : "button"}
            disabled={mutation.isPending}
          >
            {kind === "stock"
              ? t("programme.rewards.saveStock")
              : reward.active
                ? t("programme.rewards.deactivateSubmit")
                : t("programme.rewards.activateSubmit")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
