import { parseArgs } from "node:util";
import { MemberCheckCode } from "@hcoins/domain/codes";
import { showMember, showPhone } from "../modules/members/operator-text.ts";
import { BLOCK_REASON_MAX_LENGTH } from "../modules/members/service.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { CliError, parseCommandArgs, phoneArgument, phoneCommandArgs } from "./command.ts";

export const BLOCK_USAGE = "block <prefix> <mobile> [--reason text]";
export const UNBLOCK_USAGE = "unblock <prefix> <mobile>";

/** Blocks a number: CheckPhone answers it 40002, so it cannot register on the web. */
export async function blockNumber(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(BLOCK_USAGE, ["prefix", "mobile"], () =>
    parseArgs({
      args,
      options: { reason: { type: "string", default: "" } },
      allowPositionals: true,
      strict: true,
    }),
  );
  const { prefix, phone } = phoneArgument(positionals[0] as string, positionals[1] as string);
  const reason = values.reason.trim();
  if (reason.length > BLOCK_REASON_MAX_LENGTH) {
    throw new CliError(
      `--reason is ${reason.length} characters long; at most ${BLOCK_REASON_MAX_LENGTH} are kept`,
    );
  }

  const number = showPhone(prefix, phone);
  if (!(await services.memberSupport.blockNumber(prefix, phone, reason, cliActor()))) {
    return `${number} was already blocked; nothing changed.`;
  }
  const lines = [
    `Blocked ${number}${reason ? ` (reason: ${reason})` : ""}. CheckPhone now answers ${MemberCheckCode.mayNotRegister} for it.`,
  ];
  const member = await services.members.findByPhone(prefix, phone);
  if (member) {
    lines.push(
      `Note: ${showMember(member)} holds this number; blocking does not stop their login (use "disable" for that).`,
    );
  }
  return lines.join("\n");
}

export async function unblockNumber(services: Services, args: string[]): Promise<string> {
  const { prefix, phone } = phoneCommandArgs(UNBLOCK_USAGE, args);
  const number = showPhone(prefix, phone);
  if (!(await services.memberSupport.unblockNumber(prefix, phone, null, cliActor())))
    return `${number} was not blocked; nothing changed.`;
  return `Unblocked ${number}. CheckPhone answers it as usual again.`;
}
