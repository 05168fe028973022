import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "../modules/coins/coin-scheme-client.ts";
import { showMember } from "../modules/members/operator-text.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { CliError } from "./command.ts";
import {
  MEMBER_ARGUMENT,
  memberFromArguments,
  parseMemberCommand,
  requiredReason,
} from "./member-argument.ts";

export const MEMBER_EXPORT_USAGE = `member-export ${MEMBER_ARGUMENT} --reason "why" [--out file.json]`;

export async function memberExport(services: Services, args: string[]): Promise<string> {
  const { values, positionals } = parseMemberCommand(MEMBER_EXPORT_USAGE, () =>
    parseArgs({
      args,
      options: { out: { type: "string" }, reason: { type: "string" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const reason = requiredReason(values.reason, MEMBER_EXPORT_USAGE);
  const member = await memberFromArguments(services, positionals, MEMBER_EXPORT_USAGE);
  const document = await services.dataProtection
    .exportDocument(member, cliActor(), reason)
    .catch((error: unknown) => {
      if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
        throw new CliError(
          `the coin scheme did not answer (${error.message}); nothing was exported, since an export without the coin ledger would be incomplete. Try again when the scheme is up.`,
        );
      }
      throw error;
    });
  const json = JSON.stringify(document, null, 2);
  if (values.out === undefined) return json;
  // Personal data: readable by the operator's account only.
  await writeFile(values.out, `${json}\n`, { mode: 0o600 });
  return `Wrote everything held about ${showMember(member)} to ${values.out}.`;
}
