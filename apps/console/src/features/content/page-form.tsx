import {
  type ConsolePage,
  PAGE_LOCATIONS,
  type PageBody,
  pageBody,
} from "@hcoins/domain/api/console-content";
import { useId, useState } from "react";
import { usePageChanges } from "../../api/content.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { EMPTY_TEXT, LocalizedFields, TextField } from "../../components/localized-fields.tsx";
import { SaveOrCancel } from "../../components/save-or-cancel.tsx";
import { ScheduleFields } from "../../components/schedule-fields.tsx";
import { contractRules, rulesOf } from "../../lib/contract-rules.ts";
import { hongKongLocalOfIso, isoOfHongKongLocal } from "../../lib/hong-kong-time.ts";
import { useTranslation } from "../../lib/i18n.ts";

type Draft = Omit<PageBody, "publish_from" | "publish_until" | "location"> & {
  location: string;
  publish_from: string;
  publish_until: string;
};

const draftOf = (page: ConsolePage | null): Draft => ({
  location: page?.location ?? "general",
  slug: page?.slug ?? "",
  title: page?.title ?? EMPTY_TEXT,
  content: page?.content ?? EMPTY_TEXT,
  active: page?.active ?? true,
  publish_from: hongKongLocalOfIso(page?.publish_from ?? null),
  publish_until: hongKongLocalOfIso(page?.publish_until ?? null),
});

/** A page's fields: location from the known list, slug, title and HTML in three languages, publish window. */
export function PageForm({
  page,
  onDone,
}: {
  page: ConsolePage | null;
  onDone: (saved: ConsolePage | null) => void;
}) {
  const { t } = useTranslation();
  const { save } = usePageChanges();
  const [draft, setDraft] = useState<Draft>(() => draftOf(page));
  const [rules, setRules] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = useId();
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      ...draft,
      publish_from: isoOfHongKongLocal(draft.publish_from),
      publish_until: isoOfHongKongLocal(draft.publish_until),
    };
    const local = contractRules(pageBody, body);
    if (
      body.publish_from &&
      body.publish_until &&
      Date.parse(body.publish_from) >= Date.parse(body.publish_until)
    )
      local.push({ field: "publish_until", rule: "scheduleOrder" });
    setRules(rulesOf(local));
    if (local.length > 0) return;
    try {
      onDone(await save.mutateAsync({ id: page?.id ?? null, body: body as PageBody }));
    } catch (error) {
      setRules(rulesOf(fieldErrors(error)));
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{page ? t("content.pages.editTitle") : t("content.pages.addTitle")}</h2>
      <FormAlert message={failure} />
      <div className="field">
        <label htmlFor={id}>{t("content.location")}</label>
        <select id={id} value={draft.location} onChange={(event) => set({ location: event.target.value })}>
          {PAGE_LOCATIONS.map((code) => (
            <option key={code} value={code}>
              {t(`content.locations.${code}`)}
            </option>
          ))}
        </select>
        {rules.location ? <p className="field-error">{t("content.rules.locationUnknown")}</p> : null}
      </div>
      <TextField
        label={t("content.pages.slug")}
        hint={t("content.pages.slugHint")}
        value={draft.slug}
        onChange={(slug) => set({ slug })}
        rule={rules.slug}
      />
      <LocalizedFields
        name="title"
        label={t("content.pages.pageTitle")}
        value={draft.title}
        onChange={(title) => set({ title })}
        rules={rules}
      />
      <LocalizedFields
        name="content"
        label={t("content.pages.body")}
        value={draft.content}
        onChange={(content) => set({ content })}
        rules={rules}
        multiline
      />
      <ScheduleFields
        from={{
          value: draft.publish_from,
          rule: rules.publish_from,
          onChange: (publish_from) => set({ publish_from }),
        }}
        until={{
          value: draft.publish_until,
          rule: rules.publish_until,
          onChange: (publish_until) => set({ publish_until }),
        }}
        active={draft.active}
        onActiveChange={(active) => set({ active })}
      />
      <SaveOrCancel saving={save.isPending} onCancel={() => onDone(null)} />
    </form>
  );
}
