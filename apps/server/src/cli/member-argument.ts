import { showPhone } from "../modules/members/operator-text.ts";
import type { MemberRow } from "../modules/members/service.ts";
import type { Services } from "../services.ts";
import { CliError, phoneArgument } from "./command.ts";

/** How the data-protection commands name a member: their number, their member number, or `#` and the row id. */
export const MEMBER_ARGUMENT = "<prefix> <mobile> | <member_no> | #<id>";

/** Runs a data-protection command's parseArgs call; a bad one is a usage error (exit 2). */
export function parseMemberCommand<R>(usage: string, parse: () => R): R {
  try {
    return parse();
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: ${usage}`, 2);
  }
}

/** The member the positionals name, or a CliError saying who was not found. */
export async function memberFromArguments(
  services: Services,
  positionals: string[],
  usage: string,
): Promise<MemberRow> {
  if (positionals.length === 2) {
    const { prefix, phone } = phoneArgument(positionals[0] as string, positionals[1] as string);
    const member = await services.members.findByPhone(prefix, phone);
    if (!member) throw new CliError(`no member has the number ${showPhone(prefix, phone)}`);
    return member;
  }
  if (positionals.length !== 1) throw new CliError(`name one member\nUsage: ${usage}`, 2);
  const given = positionals[0] as string;
  const id = /^#(\d{1,15})$/.exec(given)?.[1];
  const member =
    id === undefined
      ? await services.members.findByMemberNo(given)
      : await services.members.findById(Number(id));
  if (!member)
    throw new CliError(
      `no member ${id === undefined ? `has the member number ${given}` : `has the id ${id}`}`,
    );
  return member;
}

/** A data-protection command's --reason (why the export or erasure is made; the audit entry keeps it), 1-500 characters. */
export function requiredReason(given: string | undefined, usage: string): string {
  const reason = given?.trim() ?? "";
  if (reason === "") throw new CliError(`give the reason with --reason "…"\nUsage: ${usage}`, 2);
  if (reason.length > 500) throw new CliError("the reason is too long: at most 500 characters", 2);
  return reason;
}
