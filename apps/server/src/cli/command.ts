import { parseArgs } from "node:util";
import { checkPhone, showPhone } from "../modules/members/operator-text.ts";
import type { MemberRow } from "../modules/members/service.ts";
import type { Services } from "../services.ts";

/** Bad input from the operator: admin.ts prints the message and exits with `exitCode`, nothing changed. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** One admin command: takes the services and its own arguments, returns what to print. */
export type CommandRun = (services: Services, args: string[]) => Promise<string>;

/** A command as the admin's table lists it (commands.ts): its usage line, its summary and its run. */
export interface AdminCommand {
  usage: string;
  summary: string;
  run: CommandRun;
}

/**
 * Runs a command's node:util parseArgs call (strict, with positionals) and checks the
 * number of positionals; parse errors (unknown option, missing value) become a CliError
 * that shows the command's usage line.
 */
export function parseCommandArgs<R extends { positionals: string[] }>(
  usage: string,
  positionals: readonly string[],
  parse: () => R,
): R {
  let parsed: R;
  try {
    parsed = parse();
  } catch (error) {
    throw new CliError(`${(error as Error).message}\nUsage: ${usage}`, 2);
  }
  if (parsed.positionals.length !== positionals.length) {
    const missing = positionals.slice(parsed.positionals.length);
    const problem =
      missing.length > 0
        ? `missing ${missing.map((name) => `<${name}>`).join(" ")}`
        : `unexpected argument "${parsed.positionals[positionals.length]}"`;
    throw new CliError(`${problem}\nUsage: ${usage}`, 2);
  }
  return parsed;
}

/** The `<prefix> <mobile>` commands: parsed, checked and normalised. */
export function phoneCommandArgs(usage: string, args: string[]): { prefix: string; phone: string } {
  const { positionals } = parseCommandArgs(usage, ["prefix", "mobile"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  return phoneArgument(positionals[0] as string, positionals[1] as string);
}

/** The `<prefix> <mobile>` pair of a command line, or a CliError naming the bad one. */
export function phoneArgument(rawPrefix: string, phone: string): { prefix: string; phone: string } {
  const checked = checkPhone(rawPrefix, phone);
  if ("problem" in checked) throw new CliError(checked.problem);
  return checked;
}

/** The member who holds a number, or a CliError: the commands that act on accounts need one. */
export async function memberWithNumber(
  services: Services,
  prefix: string,
  phone: string,
): Promise<MemberRow> {
  const member = await services.members.findByPhone(prefix, phone);
  if (!member) throw new CliError(`no member has the number ${showPhone(prefix, phone)}; nothing changed`);
  return member;
}
