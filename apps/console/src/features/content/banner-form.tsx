import {
  BANNER_LOCATIONS,
  type BannerBody,
  bannerBody,
  type ConsoleBanner,
} from "@hcoins/domain/api/console-content";
import { useId, useState } from "react";
import { useBannerChanges } from "../../api/content.ts";
import { errorMessage, fieldErrors } from "../../api/error-message.ts";
import { imageAddress } from "../../api/images.ts";
import { FormAlert } from "../../components/form-alert.tsx";
import { ImageField } from "../../components/image-field.tsx";
import { EMPTY_TEXT, LocalizedFields, TextField } from "../../components/localized-fields.tsx";
import { SaveOrCancel } from "../../components/save-or-cancel.tsx";
import { ScheduleFields } from "../../components/schedule-fields.tsx";
import { contractRules, rulesOf } from "../../lib/contract-rules.ts";
import { hongKongLocalOfIso, isoOfHongKongLocal } from "../../lib/hong-kong-time.ts";
import { useTranslation } from "../../lib/i18n.ts";

type Draft = Omit<BannerBody, "starts_at" | "ends_at"> & { starts_at: string; ends_at: string };

const draftOf = (banner: ConsoleBanner | null): Draft => ({
  location: banner?.location ?? "welcome",
  title: banner?.title ?? EMPTY_TEXT,
  image_mobile_token: banner?.image_mobile_token ?? "",
  image_desktop_token: banner?.image_desktop_token ?? "",
  link_url: banner?.link_url ?? "",
  active: banner?.active ?? true,
  starts_at: hongKongLocalOfIso(banner?.starts_at ?? null),
  ends_at: hongKongLocalOfIso(banner?.ends_at ?? null),
});

/** A banner's fields: location from the known list, alt text in three languages, two images, link, schedule. */
export function BannerForm({ banner, onDone }: { banner: ConsoleBanner | null; onDone: () => void }) {
  const { t } = useTranslation();
  const { save } = useBannerChanges();
  const [draft, setDraft] = useState<Draft>(() => draftOf(banner));
  const [rules, setRules] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const locationId = useId();
  const set = (change: Partial<Draft>) => setDraft((current) => ({ ...current, ...change }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = {
      ...draft,
      starts_at: isoOfHongKongLocal(draft.starts_at),
      ends_at: isoOfHongKongLocal(draft.ends_at),
    };
    const local = contractRules(bannerBody, body);
    if (body.starts_at && body.ends_at && Date.parse(body.starts_at) >= Date.parse(body.ends_at))
      local.push({ field: "ends_at", rule: "scheduleOrder" });
    setRules(rulesOf(local));
    if (local.length > 0) return;
    try {
      await save.mutateAsync({ id: banner?.id ?? null, body: body as BannerBody });
      onDone();
    } catch (error) {
      setRules(rulesOf(fieldErrors(error)));
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby={`${locationId}-title`}>
      <h2 id={`${locationId}-title`}>
        {banner ? t("content.banners.editTitle") : t("content.banners.addTitle")}
      </h2>
      <FormAlert message={failure} />
      <div className="field">
        <label htmlFor={locationId}>{t("content.location")}</label>
        <select
          id={locationId}
          value={draft.location}
          onChange={(event) => set({ location: event.target.value as Draft["location"] })}
        >
          {BANNER_LOCATIONS.map((code) => (
            <option key={code} value={code}>
              {t(`content.locations.${code}`)}
            </option>
          ))}
        </select>
      </div>
      <LocalizedFields
        name="title"
        label={t("content.banners.altText")}
        value={draft.title}
        onChange={(title) => set({ title })}
        rules={rules}
      />
      <ImageField
        label={t("content.banners.mobileImage")}
        hint={t("content.banners.imageHint")}
        preview={draft.image_mobile_token ? imageAddress(draft.image_mobile_token) : null}
        rule={draft.image_mobile_token ? undefined : rules.image_mobile_token}
        onStored={({ token }) => set({ image_mobile_token: token })}
      />
      <ImageField
        label={t("content.banners.desktopImage")}
        hint={t("content.banners.imageHint")}
        preview={draft.image_desktop_token ? imageAddress(draft.image_desktop_token) : null}
        rule={draft.image_desktop_token ? undefined : rules.image_desktop_token}
        onStored={({ token }) => set({ image_desktop_token: token })}
      />
      <TextField
        label={t("content.banners.link")}
        hint={t("content.banners.linkHint")}
        value={draft.link_url}
        onChange={(link_url) => set({ link_url })}
        rule={rules.link_url}
      />
      <ScheduleFields
        from={{ value: draft.starts_at, rule: rules.starts_at, onChange: (starts_at) => set({ starts_at }) }}
        until={{ value: draft.ends_at, rule: rules.ends_at, onChange: (ends_at) => set({ ends_at }) }}
        active={draft.active}
        onActiveChange={(active) => set({ active })}
      />
      <SaveOrCancel saving={save.isPending} onCancel={onDone} />
    </form>
  );
}
