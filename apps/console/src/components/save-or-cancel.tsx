import { useTranslation } from "../lib/i18n.ts";

/** A banner, page or brand form's buttons: save (off while saving) and cancel. */
export function SaveOrCancel({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="actions">
      <button type="submit" className="button" disabled={saving}>
        {t("content.save")}
      </button>
      <button type="button" className="button secondary" onClick={onCancel}>
        {t("content.cancel")}
      </button>
    </div>
  );
}
