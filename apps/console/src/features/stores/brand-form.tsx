import { type BrandBody, brandBody, type ConsoleBrand } from "@hcoins/domain/api/console-stores";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadImage } from "../../api/content.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { imageUrl, useBrandChanges } from "../../api/stores.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { EMPTY_TEXT, LocalizedFields, rulesOf, TextField, useRuleText } from "../content/content-fields.tsx";
import { contractRules } from "../content/contract-rules.ts";

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
      <LogoField
        token={draft.logo_media_token}
        rule={rules.logo_media_token}
        onToken={(logo_media_token) => set({ logo_media_token })}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {t("content.save")}
        </button>
        <button type="button" className="button secondary" onClick={onDone}>
          {t("content.cancel")}
        </button>
      </div>
    </form>
  );
}

/**
 * The logo chosen from a file: uploaded at once through the content upload (the server checks
 * its type and size), previewed from the server, kept by its token; it can also be taken away.
 */
function LogoField({
  token,
  rule,
  onToken,
}: {
  token: string | null;
  rule: string | undefined;
  onToken: (token: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ruleText = useRuleText();
  const [state, setState] = useState<{ busy: boolean; rule: string | null; failure: string | null }>({
    busy: false,
    rule: null,
    failure: null,
  });
  const shown = state.rule ?? rule ?? null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, rule: null, failure: null });
    try {
      onToken(await uploadImage(file));
      setState({ busy: false, rule: null, failure: null });
    } catch (error) {
      const named = fieldErrors(error)[0]?.rule ?? null;
      setState({ busy: false, rule: named, failure: named ? null : errorMessage(error, t) });
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{t("stores.brands.logo")}</label>
      <p className="hint" id={`${id}-hint`}>
        {t("stores.brands.logoHint")}
      </p>
      {token ? (
        <p className="logo-preview">
          <img src={imageUrl(token)} alt={t("stores.brands.logoPreview")} width={96} height={96} />
          <button type="button" className="button secondary" onClick={() => onToken(null)}>
            {t("stores.brands.removeLogo")}
          </button>
        </p>
      ) : (
        <p>{t("stores.brands.noLogo")}</p>
      )}
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
        aria-describedby={[`${id}-hint`, shown ? `${id}-error` : ""].filter(Boolean).join(" ")}
        aria-invalid={shown ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again (after a refusal) must fire a change again.
          event.target.value = "";
          void choose(file);
        }}
      />
      {state.busy ? <p role="status">{t("content.banners.uploading")}</p> : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`}>
          {ruleText(shown)}
        </p>
      ) : null}
      <FormAlert message={state.failure} />
    </div>
  );
}
