import type { CoinMissions } from "@hcoins/domain/api/member-coins";
import { Link } from "react-router";
import { localized } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";

const DAY_MS = 86_400_000;

type Mission = CoinMissions["missions"][number];

/**
 * The member's e-stamp missions on the coins page: each card's name, what it asks, its stamps as a
 * row of marks (with the same in words for screen readers), the days left in its period and, once
 * completed, the voucher with the way to the vouchers screen. Nothing without live missions.
 */
export function MissionCards({ missions, now }: { missions: CoinMissions; now: number }) {
  const { t } = useTranslation("coins");
  if (!missions.linked || missions.missions.length === 0) return null;
  return (
    <section className="coin-section" aria-labelledby="missions-heading">
      <h2 id="missions-heading" className="coin-section-title">
        {t("missions.heading")}
      </h2>
      <ul className="coin-missions">
        {missions.missions.map((mission) => (
          <MissionCard key={mission.id} mission={mission} now={now} />
        ))}
      </ul>
    </section>
  );
}

function MissionCard({ mission, now }: { mission: Mission; now: number }) {
  const { t } = useTranslation("coins");
  const completed = mission.completed_at !== null;
  const daysLeft = Math.max(0, Math.ceil((Date.parse(mission.period_ends_at) - now) / DAY_MS));
  // Positions 1…goal: a mark is stamped up to the card's stamps.
  const marks = Array.from({ length: mission.goal }, (_, i) => i + 1);
  const progress = t("missions.progress", { stamps: mission.stamps, goal: mission.goal });
  return (
    <li className="card coin-mission" data-testid={`mission-${mission.id}`}>
      <h3 className="coin-mission-name">{localized(mission.name)}</h3>
      <p className="coin-mission-description">{localized(mission.description)}</p>
      {/* The marks are pictures of the count: the words beside them say it once. */}
      <p className="coin-mission-stamps">
        <span aria-hidden="true" className="coin-mission-marks">
          {marks.map((mark) => (
            <span
              key={mark}
              className={mark <= mission.stamps ? "coin-mission-mark is-stamped" : "coin-mission-mark"}
            />
          ))}
        </span>
        <span className="coin-mission-count">{progress}</span>
      </p>
      {completed ? (
        <p className="coin-mission-done">
          <strong>{t("missions.completed")}</strong> <Link to="/vouchers">{t("missions.seeVoucher")}</Link>
        </p>
      ) : (
        <p className="muted coin-mission-days">{t("missions.daysLeft", { count: daysLeft })}</p>
      )}
    </li>
  );
}
