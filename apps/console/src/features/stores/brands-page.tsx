import type { ConsoleBrand } from "@hcoins/domain/api/console-stores";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { imageAddress } from "../../api/images.ts";
import { brandsQuery, useBrandChanges } from "../../api/stores.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { useRuleText } from "../../components/localized-fields.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { ConfirmDeleteDialog, RowActions } from "../../components/row-actions.tsx";
import { TableScroll } from "../../components/table-scroll.tsx";
import { useTranslation } from "../../lib/i18n.ts";
import { BrandForm } from "./brand-form.tsx";
import { useCanEditContent } from "./can-edit.ts";

/** `brands`: the brands in the order members see them, with their logos; add, edit, reorder, delete. */
export function Component() {
  const { t } = useTranslation();
  const ruleText = useRuleText();
  const brands = useQuery(brandsQuery);
  const canEdit = useCanEditContent();
  const { move, remove } = useBrandChanges();
  const [editing, setEditing] = useState<ConsoleBrand | "new" | null>(null);
  const [deleting, setDeleting] = useState<ConsoleBrand | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const act = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  const confirmDelete = async (brand: ConsoleBrand) => {
    setRefusal(null);
    try {
      await remove.mutateAsync(brand.id);
      setDeleting(null);
    } catch (error) {
      const rule = fieldErrors(error)[0]?.rule;
      setRefusal(rule ? ruleText(rule) : errorMessage(error, t));
    }
  };

  return (
    <section>
      <h1>{t("stores.brands.title")}</h1>
      <p>{t("stores.brands.intro")}</p>
      <FormAlert message={failure} />
      <QueryState query={brands} />
      {!canEdit ? null : editing === null ? (
        <p>
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {t("stores.brands.add")}
          </button>
        </p>
      ) : (
        <BrandForm
          key={editing === "new" ? "new" : editing.id}
          brand={editing === "new" ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {brands.data?.length === 0 ? <p>{t("stores.brands.none")}</p> : null}
      {brands.data?.length ? (
        <TableScroll label={t("stores.brands.title")}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t("content.banners.order")}</th>
                <th scope="col">{t("stores.brands.logo")}</th>
                <th scope="col">{t("stores.brands.name")}</th>
                <th scope="col">{t("stores.brands.code")}</th>
                <th scope="col">{t("stores.brands.stores")}</th>
                {canEdit ? <th scope="col">{t("content.actionsColumn")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {brands.data.map((brand, index) => (
                <tr key={brand.id}>
                  <td>{index + 1}</td>
                  <td>
                    {brand.logo_media_token ? (
                      <img
                        className="logo-thumbnail"
                        src={imageAddress(brand.logo_media_token)}
                        alt=""
                        width={40}
                        height={40}
                      />
                    ) : (
                      t("stores.brands.noLogo")
                    )}
                  </td>
                  <th scope="row">
                    <span lang="zh-HK">{brand.name.tc}</span>
                    <br />
                    <span lang="en">{brand.name.en}</span>
                  </th>
                  <td>{brand.code}</td>
                  <td>{brand.store_count}</td>
                  {canEdit ? (
                    <RowActions
                      name={brand.name.en}
                      move={{
                        upLabel: t("stores.brands.moveUp", { name: brand.name.en }),
                        downLabel: t("stores.brands.moveDown", { name: brand.name.en }),
                        first: index === 0,
                        last: index === brands.data.length - 1,
                        pending: move.isPending,
                        onMove: (direction) => void act(() => move.mutateAsync({ id: brand.id, direction })),
                      }}
                      onEdit={() => setEditing(brand)}
                      onDelete={() => {
                        setRefusal(null);
                        setDeleting(brand);
                      }}
                    />
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t("stores.brands.deleteTitle")}
          text={t("stores.brands.deleteText", { name: deleting.name.en })}
          refusal={refusal}
          pending={remove.isPending}
          onConfirm={() => void confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
