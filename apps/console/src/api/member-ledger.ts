import { consoleMemberLedger } from "@hcoins/domain/api/console-ledger";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { call } from "./client.ts";

/** A page of the member's ledger; the previous page stays on screen while the next one loads. */
export const memberLedgerQuery = (id: number, query: Record<string, string | number | undefined>) =>
  queryOptions({
    queryKey: ["members", id, "ledger", query],
    queryFn: () => call(consoleMemberLedger.list, { params: { id }, query: { ...query } }),
    placeholderData: keepPreviousData,
  });

/** The member's tier, the spend to the next, the review date and the tier history. */
export const memberTierQuery = (id: number) =>
  queryOptions({
    queryKey: ["members", id, "tier"],
    queryFn: () => call(consoleMemberLedger.tier, { params: { id } }),
  });
