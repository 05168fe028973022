import { parseArgs } from "node:util";
import { OPERATOR_ROLES, type OperatorRole } from "@hcoins/domain/api/console";
import { z } from "zod";
import { LastAdministrator, OperatorExists, OperatorUnknown } from "../modules/operators/service.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { type AdminCommand, CliError, parseCommandArgs } from "./command.ts";

export const OPERATOR_ADD_USAGE = "operator-add <email> --role <role>";
export const OPERATOR_INVITE_USAGE = "operator-invite <email>";
export const OPERATOR_DISABLE_USAGE = "operator-disable <email>";
export const OPERATOR_LIST_USAGE = "operator-list";

const ROLE_NAMES = OPERATOR_ROLES.map((role) => role.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));

/** A role as the contract spells it (customerService) or in kebab case (customer-service). */
function roleArgument(text: string | undefined): OperatorRole {
  const camel = (text ?? "").trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const role = OPERATOR_ROLES.find((candidate) => candidate.toLowerCase() === camel.toLowerCase());
  if (!role) {
    throw new CliError(
      `${text === undefined ? "--role is required" : `role "${text}" is unknown`}: one of ${ROLE_NAMES.join(", ")}\nUsage: ${OPERATOR_ADD_USAGE}`,
      2,
    );
  }
  return role;
}

function emailArgument(text: string): string {
  const parsed = z.email().max(254).safeParse(text.trim().toLowerCase());
  if (!parsed.success) throw new CliError(`"${text}" is not an email address`);
  return parsed.data;
}

const linkText = (link: string) =>
  `Sign-in link (valid 72 hours, works once; send it to them privately):\n${link}\nOpening it sets a password and an authenticator app (TOTP).`;

export async function operatorAdd(services: Services, args: string[]): Promise<string> {
  const { positionals, values } = parseCommandArgs(OPERATOR_ADD_USAGE, ["email"], () =>
    parseArgs({ args, options: { role: { type: "string" } }, allowPositionals: true, strict: true }),
  );
  const role = roleArgument(values.role);
  const email = emailArgument(positionals[0] as string);
  try {
    const { link } = await services.operators.add(email, role, cliActor());
    return `Added operator ${email} (${role}).\n${linkText(link)}`;
  } catch (error) {
    if (error instanceof OperatorExists)
      throw new CliError(
        `${email} is an operator already; nothing changed (operator-invite sends a new link)`,
      );
    throw error;
  }
}

async function byEmail<T>(usage: string, args: string[], act: (email: string) => Promise<T>): Promise<T> {
  const { positionals } = parseCommandArgs(usage, ["email"], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const email = emailArgument(positionals[0] as string);
  try {
    return await act(email);
  } catch (error) {
    if (error instanceof OperatorUnknown)
      throw new CliError(`no operator has the email ${email}; nothing changed`);
    throw error;
  }
}

/** A new link for an operator who lost theirs (the old one stops working); activating it sets a new password and authenticator. */
export function operatorInvite(services: Services, args: string[]): Promise<string> {
  return byEmail(OPERATOR_INVITE_USAGE, args, async (email) => {
    const { link } = await services.operators.invite(email, cliActor());
    return `New sign-in link for ${email}; the previous one no longer works.\n${linkText(link)}`;
  });
}

export function operatorDisable(services: Services, args: string[]): Promise<string> {
  return byEmail(OPERATOR_DISABLE_USAGE, args, async (email) => {
    try {
      await services.operators.disable(email, cliActor());
    } catch (error) {
      if (error instanceof LastAdministrator)
        throw new CliError(
          `${email} is the last active administrator: add another (operator-add <email> --role administrator) first; nothing changed`,
        );
      throw error;
    }
    return `Disabled operator ${email}: their sessions are ended and they cannot sign in.`;
  });
}

export async function operatorList(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(OPERATOR_LIST_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const operators = await services.operators.list();
  if (operators.length === 0) return "No operators yet (operator-add creates one).";
  return operators
    .map((operator) => {
      const state = !operator.active ? "disabled" : operator.activated_at === null ? "invited" : "active";
      const last =
        operator.last_sign_in_at === null
          ? "never signed in"
          : `last sign-in ${new Date(Number(operator.last_sign_in_at)).toISOString()}`;
      return `${operator.email}\t${operator.role}\t${state}\t${last}`;
    })
    .join("\n");
}

export const OPERATOR_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "operator-add": {
    usage: OPERATOR_ADD_USAGE,
    summary: `Add a console operator and print their one-time sign-in link (PUBLIC_URL/console/invitation#…, 72 hours). Roles: ${ROLE_NAMES.join(", ")}.`,
    run: operatorAdd,
  },
  "operator-invite": {
    usage: OPERATOR_INVITE_USAGE,
    summary:
      "Print a new sign-in link for an operator (a lost or expired one); it resets their password and authenticator.",
    run: operatorInvite,
  },
  "operator-disable": {
    usage: OPERATOR_DISABLE_USAGE,
    summary: "Disable an operator: their sessions end and they cannot sign in.",
    run: operatorDisable,
  },
  "operator-list": {
    usage: OPERATOR_LIST_USAGE,
    summary: "List the operators with role, state and last sign-in.",
    run: operatorList,
  },
};
