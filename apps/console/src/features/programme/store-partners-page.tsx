import type { ConsoleStoreFlag } from "@hcoins/domain/api/console-programme";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { campaignsQuery } from "../../api/campaigns.ts";
import { errorMessage } from "../../api/error-message.ts";
import { storeFlagsQuery, useStorePartnerSet } from "../../api/programme.ts";
import { Dialog } from "../../components/dialog.tsx";
import { FormAlert } from "../../components/form-alert.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { Pager } from "../../components/pager.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { useSortedPage } from "../../components/use-sorted-page.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { useCanEditProgramme } from "./can-edit.ts";

/**
 * Each store's partner flag, here and in the coin scheme's registry, and its toggle. What a partner
 * store earns is a campaign, the electronic-payment extra's programme rule (decision 238): linked here.
 */
export function Component() {
  const { t } = useTranslation();
  const stores = useQuery(storeFlagsQuery());
  const campaigns = useQuery(campaignsQuery());
  const extras = (campaigns.data?.campaigns ?? []).filter(
    (campaign) => campaign.programme_rule === "electronic" && campaign.status !== "ended",
  );
  const canEdit = useCanEditProgramme();
  const setPartner = useStorePartnerSet();
  const [changing, setChanging] = useState<ConsoleStoreFlag | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const language = currentLanguage();
  const yesNo = (flag: boolean) => (flag ? t("programme.stores.yes") : t("programme.stores.no"));
  const list = useSortedPage(
    stores.data?.stores ?? [],
    {
      code: (store) => store.code,
      name: (store) => (store.name ? store.name[language] || store.name.en : null),
      partner: (store) => (store.partner ? 0 : 1),
    },
    null,
  );

  const confirm = async (store: ConsoleStoreFlag) => {
    setFailure(null);
    try {
      const after = await setPartner.mutateAsync({ code: store.code, partner: !store.partner });
      setDone(t("programme.stores.changed", { code: after.code, partner: yesNo(after.partner) }));
      setChanging(null);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section className="page">
      <h1>{t("programme.stores.title")}</h1>
      <p>{t("programme.stores.intro")}</p>
      {campaigns.data ? (
        extras.length === 0 ? (
          <p>{t("programme.stores.partnerRuleNone")}</p>
        ) : (
          extras.map((rule) => (
            <p key={rule.id}>
              <Link to={`/campaigns/${rule.id}`}>
                {t("programme.stores.partnerRule", {
                  name: rule.name[language],
                  status: t(`campaigns.statuses.${rule.status}`),
                })}
              </Link>
            </p>
          ))
        )
      ) : null}
      {done ? <p role="status">{done}</p> : null}
      <QueryState query={stores} />
      {stores.data ? (
        <ListTable
          caption={t("programme.stores.title")}
          head={[
            { label: t("programme.stores.code"), column: "code" },
            { label: t("programme.stores.name"), column: "name" },
            { label: t("programme.stores.partner"), column: "partner" },
            t("programme.stores.scheme"),
            canEdit && t("programme.rewards.actions"),
          ]}
          empty={t("programme.stores.none")}
          count={stores.data.stores.length}
          sort={list.sort}
          onSort={list.setSort}
        >
          {list.rows.map((store) => (
            <tr key={store.code}>
              <td>{store.code}</td>
              <td>{store.name ? store.name[language] || store.name.en : "—"}</td>
              <td>{yesNo(store.partner)}</td>
              <td>
                {store.scheme_partner === null
                  ? t("programme.stores.notRegistered")
                  : store.scheme_partner === store.partner
                    ? yesNo(store.scheme_partner)
                    : `${yesNo(store.scheme_partner)} (${t("programme.stores.differs")})`}
              </td>
              {canEdit ? (
                <td>
                  <button type="button" className="button secondary" onClick={() => setChanging(store)}>
                    {store.partner
                      ? t("programme.stores.unset", { code: store.code })
                      : t("programme.stores.set", { code: store.code })}
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </ListTable>
      ) : null}
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label={t("programme.stores.title")} />
      {changing ? (
        <Dialog
          title={
            changing.partner
              ? t("programme.stores.unsetTitle", { code: changing.code })
              : t("programme.stores.setTitle", { code: changing.code })
          }
          onClose={() => setChanging(null)}
        >
          <FormAlert message={failure} />
          <p>
            {changing.partner
              ? t("programme.stores.unsetConfirm", { code: changing.code })
              : t("programme.stores.setConfirm", { code: changing.code })}
          </p>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setChanging(null)}>
              {t("programme.cancel")}
            </button>
            <button
              type="button"
              className="button danger"
              disabled={setPartner.isPending}
              onClick={() => void confirm(changing)}
            >
              {t("programme.stores.submit")}
            </button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
