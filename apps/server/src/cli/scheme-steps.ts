import { parseArgs } from "node:util";
import type { OutboxRow } from "../modules/scheme-outbox/service.ts";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { showTime } from "./coin-scheme.ts";
import { type AdminCommand, CliError, parseCommandArgs } from "./command.ts";

/*
 * The scheme outbox for operators (docs/decisions/214-scheme-outbox.md): what the coin scheme has
 * still to hear, what it refused, and the two ways out of a stuck step, each with an audit entry.
 */

export const SCHEME_STEPS_USAGE = "scheme-steps";
export const SCHEME_STEP_RETRY_USAGE = "scheme-step-retry <id>";
export const SCHEME_STEP_DISMISS_USAGE = "scheme-step-dismiss <id> --reason <text>";

const at = (ms: number) => showTime(new Date(ms).toISOString());

function describe(step: OutboxRow): string {
  const state =
    step.failed_at === null
      ? `pending, try ${step.attempts + 1} at ${at(step.next_attempt_at)}`
      : `REFUSED at ${at(step.failed_at)} after ${step.attempts} tries`;
  const error = step.last_error ? `\n    last answer: ${step.last_error}` : "";
  return `#${step.id} ${step.kind} (${step.subject}), written ${at(step.created_at)}: ${state}${error}`;
}

function idArgument(
  usage: string,
  args: string[],
  options: NonNullable<Parameters<typeof parseArgs>[0]>["options"] = {},
) {
  const parsed = parseCommandArgs(usage, ["id"], () =>
    parseArgs({ args, options, allowPositionals: true, strict: true }),
  );
  const raw = parsed.positionals[0] as string;
  if (!/^\d{1,12}$/.test(raw))
    throw new CliError(`step id "${raw}" must be a number (scheme-steps lists them)`);
  return { id: Number(raw), values: parsed.values as Record<string, string | undefined> };
}

const missing = (id: number) =>
  new CliError(`no step has id ${id} (scheme-steps lists them); nothing changed`);

export async function schemeSteps(services: Services, args: string[]): Promise<string> {
  parseCommandArgs(SCHEME_STEPS_USAGE, [], () =>
    parseArgs({ args, options: {}, allowPositionals: true, strict: true }),
  );
  const steps = await services.schemeOutbox.steps();
  if (steps.length === 0) return "The coin scheme has heard every change: no step is pending or refused.";
  return steps.map(describe).join("\n");
}

export async function schemeStepRetry(services: Services, args: string[]): Promise<string> {
  const { id } = idArgument(SCHEME_STEP_RETRY_USAGE, args);
  const retried = await services.schemeOutbox.retry(id);
  if (!retried) throw missing(id);
  const { step, outcome } = retried;
  if (outcome.state === "compensated") {
    throw new CliError(
      `step #${id} (${step.kind}) was undone here when the scheme refused it; sending it now would put the scheme ahead of this server. Make the change again, then scheme-step-dismiss ${id}; nothing changed`,
    );
  }
  await services.audit.record({
    ...cliActor(),
    action: "scheme-step.retry",
    target: `scheme-step:${id}`,
    after: { kind: step.kind, subject: step.subject, outcome: outcome.state },
  });
  if (outcome.state === "delivered") return `Step #${id} (${step.kind}) reached the coin scheme.`;
  if (outcome.state === "refused")
    return `The coin scheme refused step #${id} (${step.kind}) again: ${outcome.refusal.message}`;
  return `Step #${id} (${step.kind}) could not go now (the scheme did not answer, an earlier step of its subject is pending, or another delivery holds it); it stays pending (scheme-steps shows its last answer).`;
}

export async function schemeStepDismiss(services: Services, args: string[]): Promise<string> {
  const { id, values } = idArgument(SCHEME_STEP_DISMISS_USAGE, args, { reason: { type: "string" } });
  const reason = values.reason?.trim();
  if (!reason) throw new CliError(`--reason is required\nUsage: ${SCHEME_STEP_DISMISS_USAGE}`, 2);
  const dismissed = await services.schemeOutbox.dismiss(id);
  if (dismissed === "missing") throw missing(id);
  if (dismissed === "pending") {
    throw new CliError(
      `step #${id} is still pending: it will reach the scheme once it answers (scheme-step-retry tries now); only a refused step can be dismissed; nothing changed`,
    );
  }
  await services.audit.record({
    ...cliActor(),
    action: "scheme-step.dismiss",
    target: `scheme-step:${id}`,
    before: { kind: dismissed.kind, subject: dismissed.subject, last_error: dismissed.last_error },
    after: { reason },
  });
  return `Dismissed refused step #${id} (${dismissed.kind}, ${dismissed.subject}).`;
}

export const SCHEME_STEP_COMMANDS: Readonly<Record<string, AdminCommand>> = {
  "scheme-steps": {
    usage: SCHEME_STEPS_USAGE,
    summary:
      "List the changes the H Coins scheme has still to hear (pending: retried with backoff, up to an hour apart) and those it refused, with its last answer.",
    run: schemeSteps,
  },
  "scheme-step-retry": {
    usage: SCHEME_STEP_RETRY_USAGE,
    summary:
      "Send a pending step now rather than after its backoff, or a refused one again; a refused step whose change was undone here (a member's number) is not sent. Writes one audit entry.",
    run: schemeStepRetry,
  },
  "scheme-step-dismiss": {
    usage: SCHEME_STEP_DISMISS_USAGE,
    summary:
      "Remove a refused step once dealt with, with the reason in its audit entry; a pending step cannot be dismissed.",
    run: schemeStepDismiss,
  },
};
