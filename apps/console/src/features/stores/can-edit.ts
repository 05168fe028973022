import { useHolds } from "../../api/session.ts";

/** Whether the signed-in operator changes brands and stores (content editor, programme manager) or only reads them (the auditor). */
export const useCanEditContent = () => useHolds(["content.edit", "programme.edit"]);
