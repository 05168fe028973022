import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { coinMissionsQuery } from "../../api/member-coins.ts";
import { localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

/**
 * The member's open stamp missions under their code, one line each ("Coffee card: 2 of 3
 * stamps"): at the till is when a member wonders whether this purchase stamps one. Completed
 * ones are the coins page's; nothing without open missions or while the scheme cannot say. The
 * scheme is asked once `ask` (the code is drawn), as the balance.
 */
export function QrMissionLines({ ask }: { ask: boolean }) {
  const { t } = useTranslation("coins");
  const missions = useQuery({ ...coinMissionsQuery(), enabled: ask });
  const open = missions.data?.missions.filter((mission) => mission.completed_at === null) ?? [];
  if (open.length === 0) return null;
  return (
    <section className="qr-missions" aria-labelledby="qr-missions-heading">
      <h2 id="qr-missions-heading" className="qr-missions-heading">
        <Link to="/coins">{t("missions.heading")}</Link>
      </h2>
      <ul>
        {open.map((mission) => (
          <li key={mission.id}>
            <span className="qr-mission-name">{localized(mission.name)}</span>{" "}
            <span className="muted">
              {t("missions.progress", { stamps: mission.stamps, goal: mission.goal })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
