import { parseArgs } from "node:util";
import { auditChainProblem } from "../modules/audit/service.ts";
import type { Services } from "../services.ts";
import { CliError, parseCommandArgs } from "./command.ts";

export const AUDIT_VERIFY_USAGE = "audit-verify";

/** Checks the audit log's hash chain; a broken one exits 1 naming the first broken entry. */
export async function auditVerify(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(AUDIT_VERIFY_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const check = await services.audit.verifyChain();
  if (check.broken) throw new CliError(`${auditChainProblem(check)}. Compare with a backup.`);
  return `${auditChainProblem(check)}.`;
}
