import type { ConsoleMemberDetail, Permission } from "@hcoins/domain/api/console";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { memberQuery } from "../../api/members.ts";
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
  // Any action on the page answers the member anew (a reset of the SMS allowance, an unlock…),
  // even when the page looks the same: the limits and the history then show what it changed.
  const { dataUpdatedAt } = useQuery(memberQuery(id));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (dataUpdatedAt > 0) void client.invalidateQueries({ queryKey: ["members", id, "records"] });
  }, [client, id, dataUpdatedAt]);
  return (
    <div className="cards" style={{ marginTop: "1rem" }}>
      <SmsLimitsCard memberId={id} />
      <PhoneHistoryCard memberId={id} />
      <CaseNotesCard memberId={id} canAdd={permissions.includes("members.act")} />
      <MemberHistoryCard memberId={id} />
    </div>
  );
}
