import { HTML_LANG, type Language } from "@hcoins/domain/languages";
import { previewAddress } from "../../api/images.ts";
import { useTranslation } from "../../lib/i18n.ts";
import type { RewardDraft } from "./reward-draft.ts";

/*
 * The member's words on the card, in the language previewed rather than the operator's: the
 * console loads only the operator's catalogue, so the card's two phrases are kept here, as the
 * member app words them (its rewards catalogue).
 */
const PRICE: Record<Language, (coins: string) => string> = {
  en: (coins) => `${coins} H Coins`,
  tc: (coins) => `${coins} H Coins`,
  sc: (coins) => `${coins} H Coins`,
};
const VALUE: Record<Language, (amount: string) => string> = {
  en: (amount) => `Worth HK$${amount}`,
  tc: (amount) => `價值 HK$${amount}`,
  sc: (amount) => `价值 HK$${amount}`,
};

/** The reward's card as a member sees it in the catalogue: picture, title, price and value, in `language`. */
export function RewardPreview({ draft, language }: { draft: RewardDraft; language: Language }) {
  const { t } = useTranslation();
  const title = draft.title[language] || t("programme.reward.untitled");
  const coins = draft.coins.trim() === "" ? Number.NaN : Number(draft.coins);
  const value = Number(draft.value_amount);
  const locale = HTML_LANG[language];
  return (
    <div className="member-preview reward-preview" lang={locale}>
      {draft.image_url ? (
        <img src={previewAddress(draft.image_url)} alt={title} width={240} height={240} />
      ) : (
        <div className="reward-preview-missing" aria-hidden="true" />
      )}
      <h3>{title}</h3>
      <p>{PRICE[language](Number.isFinite(coins) ? new Intl.NumberFormat(locale).format(coins) : "—")}</p>
      {draft.kind === "evoucher" && Number.isFinite(value) && value > 0 ? (
        <p>{VALUE[language](value.toFixed(2))}</p>
      ) : null}
    </div>
  );
}
