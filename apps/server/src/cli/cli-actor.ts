import { userInfo } from "node:os";
import type { Actor } from "../modules/audit/service.ts";

/** The audit log's name for whoever runs the admin command line: `cli:<os user>`, no address. */
export const cliActor = (): Actor => ({ actor: `cli:${userInfo().username}`, address: null });
