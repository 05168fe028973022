import { useQuery } from "@tanstack/react-query";
import { rewardsQuery } from "../api/programme.ts";
import { currentLanguage, useTranslation } from "../lib/i18n.ts";
import { ruleText } from "../lib/rule-text.ts";
import { FieldFrame } from "./field-frame.tsx";

/**
 * A reward a mission or a campaign gives, chosen by its title from the catalogue (the id is what
 * they keep). A reward no longer listed still shows by its id, so a saved one reads as it is.
 */
export function RewardChoice({
  value,
  hint,
  rule,
  onChange,
}: {
  value: string;
  hint: string;
  rule: string | undefined;
  onChange: (rewardId: string) => void;
}) {
  const { t } = useTranslation();
  const rewards = useQuery(rewardsQuery());
  const language = currentLanguage();
  const listed = rewards.data?.rewards ?? [];
  const unlisted = value !== "" && !listed.some((reward) => String(reward.id) === value);
  return (
    <FieldFrame
      label={t("missions.rewardId")}
      hint={hint}
      error={rule ? ruleText(t, rule) : undefined}
      control={(tie) => (
        <select {...tie} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t("missions.rewardChoose")}</option>
          {unlisted ? <option value={value}>{t("missions.rewardNumbered", { id: value })}</option> : null}
          {listed.map((reward) => (
            <option key={reward.id} value={String(reward.id)}>
              {t("missions.rewardOption", { id: reward.id, title: reward.title[language] })}
            </option>
          ))}
        </select>
      )}
    />
  );
}
