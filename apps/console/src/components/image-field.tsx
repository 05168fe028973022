import { ErrorCode } from "@hcoins/domain/codes";
import { useId, useState } from "react";
import { ApiError } from "../api/client.ts";
import { errorMessage, fieldErrors, tooLarge } from "../api/error-message.ts";
import { uploadImage } from "../api/images.ts";
import { useTranslation } from "../lib/i18n.ts";
import { FormAlert } from "./form-alert.tsx";
import { useRuleText } from "./localized-fields.tsx";

/** What the upload stored: a banner or brand keeps the token, a reward its /crm/media address. */
export type StoredImage = Awaited<ReturnType<typeof uploadImage>>;

/**
 * An image chosen from a file: uploaded at once through the console's image store (the server
 * checks its type and size), then shown as a thumbnail from `preview` (an address of
 * api/images.ts). `removeText` offers taking it away, for images a form may go without.
 */
export function ImageField({
  label,
  hint,
  preview,
  emptyText,
  removeText,
  rule,
  onStored,
  onRemove,
}: {
  label: string;
  hint: string;
  /** The stored image's address for the thumbnail; null: none yet. */
  preview: string | null;
  /** Said while there is no image. */
  emptyText?: string;
  removeText?: string;
  /** The form's rule for the field (the server's or the browser's); an upload's own refusal shows first. */
  rule: string | undefined;
  onStored: (stored: StoredImage) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ruleText = useRuleText();
  const [state, setState] = useState<{
    busy: boolean;
    rule: string | null;
    failure: string | null;
    /** The too-large message with the limit, shown as the field's error. */
    tooLarge: string | null;
  }>({ busy: false, rule: null, failure: null, tooLarge: null });
  const shown = state.tooLarge ?? ((state.rule ?? rule) ? ruleText(state.rule ?? rule ?? "") : null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ busy: true, rule: null, failure: null, tooLarge: null });
    try {
      onStored(await uploadImage(file));
      setState({ busy: false, rule: null, failure: null, tooLarge: null });
    } catch (error) {
      const named = fieldErrors(error)[0]?.rule ?? null;
      // Too large (the body refused, 413, or the image, imageTooLarge): said with the server's limit.
      const limitTold = error instanceof ApiError && error.details.max_bytes !== undefined;
      if (
        error instanceof ApiError &&
        (error.code === ErrorCode.bodyTooLarge || (named === "imageTooLarge" && limitTold))
      ) {
        setState({ busy: false, rule: null, failure: null, tooLarge: tooLarge(error, t) });
        return;
      }
      setState({ busy: false, rule: named, failure: named ? null : errorMessage(error, t), tooLarge: null });
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {preview ? (
        <p className="image-preview">
          <img src={preview} alt={t("images.preview", { label })} width={96} height={96} />
          {removeText && onRemove ? (
            <button type="button" className="button secondary" onClick={onRemove}>
              {removeText}
            </button>
          ) : null}
        </p>
      ) : emptyText ? (
        <p>{emptyText}</p>
      ) : null}
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
      {state.busy ? <p role="status">{t("images.uploading")}</p> : null}
      {shown ? (
        <p className="field-error" id={`${id}-error`}>
          {shown}
        </p>
      ) : null}
      <FormAlert message={state.failure} />
    </div>
  );
}
