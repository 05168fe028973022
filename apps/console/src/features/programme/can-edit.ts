import { useQuery } from "@tanstack/react-query";
import { sessionQuery } from "../../api/session.ts";

/** Whether the signed-in operator changes the programme (programme.edit) or only reads it (the auditor). */
export function useCanEditProgramme(): boolean {
  const { data: operator } = useQuery(sessionQuery);
  return operator?.permissions.includes("programme.edit") ?? false;
}
