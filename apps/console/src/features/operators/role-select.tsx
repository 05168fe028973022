import { OPERATOR_ROLES, type OperatorRole } from "@hcoins/domain/api/console";
import { useId } from "react";
import { useTranslation } from "../../lib/i18n.ts";

/** A labelled choice of role, in the operator's language. */
export function RoleSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: OperatorRole;
  onChange: (role: OperatorRole) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as OperatorRole)}>
        {OPERATOR_ROLES.map((each) => (
          <option key={each} value={each}>
            {t(`roles.${each}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
