import { type BrandBody, brandBody, type ConsoleBrand } from "@hcoins/domain/api/console-stores";
import { useId, useState } from "react";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { imageAddress } from "../../api/images.ts";
import { useBrandChanges } from "../../api/stores.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageField } from "../../components/image-field.tsx";
import { EMPTY_TEXT, LocalizedFields, TextField } from "../../components/localized-fields.tsx";
import { SaveOrCancel } from "../../components/save-or-cancel.tsx";
import { contractRules, rulesOf } from "../../lib/contract-rules.ts";
import { useTranslation } from "../../lib/i18n.ts";

const draftOf = (brand: ConsoleBrand | null): BrandBody => ({
  code: brand?.code ?? "",
  name: brand?.name ?? EMPTY_TEXT,
  logo_media_token: brand?.logo_media_token ?? null,
});

/** A brand's fields: its code, its name in three languages and its logo (uploaded, with a preview). */
export function BrandForm({ brand, onDone }: { brand: ConsoleBrand | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { save } = useBrandChanges();
  const [draft, setDraft] = useState<BrandBody>(() => draftOf(brand));
  const [rules, setRules] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const set = (change: Partial<BrandBody>) => setDraft((current) => ({ ...current, ...change }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local = contractRules(brandBody, draft);
    setRules(rulesOf(local));
    if (local.length > 0) return;
    try {
      await save.mutateAsync({ id: brand?.id ?? null, body: draft });
      onDone();
    } catch (error) {
      setRules(rulesOf(fieldErrors(error)));
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{brand ? t("stores.brands.editTitle") : t("stores.brands.addTitle")}</h2>
      <FormAlert message={failure} />
      <TextField
        label={t("stores.brands.code")}
        hint={t("stores.brands.codeHint")}
        value={draft.code}
        onChange={(code) => set({ code })}
        rule={rules.code}
      />
      <LocalizedFields
        name="name"
        label={t("stores.brands.name")}
        value={draft.name}
        onChange={(name) => set({ name })}
        rules={rules}
      />
      <ImageField
        label={t("stores.brands.logo")}
        hint={t("stores.brands.logoHint")}
        preview={draft.logo_media_token ? imageAddress(draft.logo_media_token) : null}
        emptyText={t("stores.brands.noLogo")}
        removeText={t("stores.brands.removeLogo")}
        rule={rules.logo_media_token}
        onStored={({ token }) => set({ logo_media_token: token })}
        onRemove={() => set({ logo_media_token: null })}
      />
      <SaveOrCancel saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
