import type { Permission } from "@hcoins/domain/api/console";
import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "../../api/session.ts";

/** Whether the signed-in operator changes brands and stores (content editor, programme manager) or only reads them (the auditor). */
export function useCanEditContent(): boolean {
  const { data: operator } = useQuery(sessionQuery);
  return ["content.edit", "programme.edit"].some((need) =>
    operator?.permissions.includes(need as Permission),
  );
}
