import { useHolds } from "../../api/session.ts";

/** Whether the signed-in operator changes the programme (programme.edit) or only reads it (the auditor). */
export const useCanEditProgramme = () => useHolds("programme.edit");
