import type { ConsoleMemberDetail, Permission } from "@hcoins/domain/api/console";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CaseNotesCard } from "./case-notes-card.tsx";
import { MemberHistoryCard } from "./member-history-card.tsx";
import { PhoneHistoryCard } from "./phone-history-card.tsx";
import { SmsLimitsCard } from "./sms-limits-card.tsx";

/** The SMS limits in force, earlier numbers, case notes and the history of what operators did to the member. */
export function MemberRecordCards({
  detail,
  permissions,
}: {
  detail: ConsoleMemberDetail;
  permissions: readonly Permission[];
}) {
  const client = useQueryClient();
  const id = detail.member.id;
  // Any action on the page answers the member anew (a reset of the SMS allowance, an unlock…):
  // the limits and the history then show what it changed.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void client.invalidateQueries({ queryKey: ["members", detail.member.id, "records"] });
  }, [client, detail]);
  return (
    <div className="cards" style={{ marginTop: "1rem" }}>
      <SmsLimitsCard memberId={id} />
      <PhoneHistoryCard memberId={id} />
      <CaseNotesCard memberId={id} canAdd={permissions.includes("members.act")} />
      <MemberHistoryCard memberId={id} />
    </div>
  );
}
