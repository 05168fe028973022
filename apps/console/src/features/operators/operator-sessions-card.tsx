import type { OperatorDetail, OperatorSessionView } from "@hcoins/domain/api/console-operators";
import { useOperatorLifecycle } from "../../api/operators.ts";
import { ConfirmActionDialog } from "../../components/confirm-action-dialog.tsx";
import { ListTable } from "../../components/list-table.tsx";
import { formatTime } from "../../lib/format.ts";
import { useTranslation } from "../../lib/i18n.ts";
import { useConfirmed } from "./use-confirmed.ts";

/** The operator's live sessions (where and in what browser they began), ending one or all. */
export function OperatorSessionsCard({
  detail,
  onDone,
}: {
  detail: OperatorDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const { endSession, endSessions } = useOperatorLifecycle();
  const { operator, sessions } = detail;
  const confirmed = useConfirmed<OperatorSessionView | "all">();
  const asking = confirmed.asking;
  return (
    <section className="card wide">
      <h2>{t("operatorLifecycle.sessionsTitle")}</h2>
      <ListTable
        caption={t("operatorLifecycle.sessionsTitle")}
        head={[
          t("operatorLifecycle.started"),
          t("operatorLifecycle.lastSeen"),
          t("operatorLifecycle.address"),
          t("operatorLifecycle.browser"),
          t("operators.actions"),
        ]}
        empty={t("operatorLifecycle.noSessions")}
        count={sessions.length}
      >
        {sessions.map((session) => (
          <tr key={session.id}>
            <td>{formatTime(session.created_at)}</td>
            <td>{formatTime(session.last_seen_at)}</td>
            <td>{session.address ?? "—"}</td>
            <td>
              {session.user_agent ?? "—"}
              {session.current ? ` (${t("operatorLifecycle.thisSession")})` : ""}
            </td>
            <td>
              <button
                type="button"
                className="button secondary"
                aria-label={t("operatorLifecycle.endSessionFrom", { time: formatTime(session.created_at) })}
                onClick={() => confirmed.ask(session)}
              >
                {t("operatorLifecycle.endSession")}
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {sessions.length > 0 ? (
        <button type="button" className="button danger" onClick={() => confirmed.ask("all")}>
          {t("operatorLifecycle.endAll")}
        </button>
      ) : null}
      {asking ? (
        <ConfirmActionDialog
          title={
            asking === "all" ? t("operatorLifecycle.endAllTitle") : t("operatorLifecycle.endSessionTitle")
          }
          text={
            asking === "all"
              ? t("operatorLifecycle.endAllConfirm", { email: operator.email, count: sessions.length })
              : t("operatorLifecycle.endSessionConfirm", {
                  email: operator.email,
                  time: formatTime(asking.created_at),
                })
          }
          confirm={asking === "all" ? t("operatorLifecycle.endAll") : t("operatorLifecycle.endSession")}
          danger
          refusal={confirmed.refusal}
          pending={endSession.isPending || endSessions.isPending}
          onCancel={confirmed.cancel}
          onConfirm={() =>
            void confirmed.run(async (what) => {
              if (what === "all") await endSessions.mutateAsync(operator.id);
              else await endSession.mutateAsync({ id: operator.id, session: what.id });
              onDone(t("operatorLifecycle.sessionsEnded"));
            })
          }
        />
      ) : null}
    </section>
  );
}
