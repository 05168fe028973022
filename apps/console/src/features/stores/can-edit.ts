import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "../../api/session.ts";

/** Whether the signed-in operator changes brands and stores (content.edit) or only reads them (the auditor). */
export function useCanEditContent(): boolean {
  const { data: operator } = useQuery(sessionQuery);
  return operator?.permissions.includes("content.edit") ?? false;
}
