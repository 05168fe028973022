import type { ScheduledJob } from "@hcoins/server-kit/scheduler";
import { auditChainProblem } from "./modules/audit/service.ts";
import type { Services } from "./services.ts";

/**
 * The member server's scheduled work (server.ts starts it; docs/operations.md lists it). Each job
 * deletes through the module that owns the rows, and only rows that no call accepts any more, so
 * a run repeated, or run late, changes nothing. Cron is Hong Kong time; the minutes are spread so
 * that the jobs do not start together. `extra` takes other modules' jobs (the coin scheme's).
 */
export function memberServerJobs(
  services: Pick<
    Services,
    "members" | "auth" | "sms" | "audit" | "operators" | "approvals" | "schemeOutbox" | "profileFacts"
  >,
  extra: readonly ScheduledJob[] = [],
): ScheduledJob[] {
  return [
    {
      name: "purge-ended-tokens",
      cron: "15 * * * *",
      async run(now) {
        return {
          accessTokens: await services.members.purgeEndedAccessTokens(now),
          resetTokens: await services.auth.purgeSpentResetTokens(now),
        };
      },
    },
    {
      name: "purge-signature-nonces",
      cron: "45 * * * *",
      async run(now) {
        return { signatureNonces: await services.auth.purgeStaleNonces(now) };
      },
    },
    {
      name: "purge-old-sms-codes",
      cron: "30 4 * * *",
      async run(now) {
        return {
          smsCodes: await services.sms.purgeOldCodes(now),
          smsLimitSources: await services.sms.purgeEndedLimitSources(now),
        };
      },
    },
    {
      name: "purge-old-sms-log",
      cron: "35 4 * * *",
      async run(now) {
        return { smsDeliveries: await services.sms.purgeOldDeliveries(now) };
      },
    },
    {
      name: "purge-old-audit-entries",
      cron: "40 4 * * *",
      async run(now) {
        return {
          auditEntries: await services.audit.purgeExpired(now),
          operatorSessions: await services.operators.sessions.purgeEnded(now),
        };
      },
    },
    {
      // After the purge, which moves the chain's anchor. A broken chain fails the run: the scheduler
      // logs it at error with the first broken entry (modules/audit/chain.ts).
      name: "verify-audit-chain",
      cron: "50 4 * * *",
      async run() {
        const check = await services.audit.verifyChain();
        if (check.broken) throw new Error(auditChainProblem(check));
        return { auditEntries: check.checked };
      },
    },
    {
      // A request read after its time already shows as expired; this records it (and its audit entry).
      name: "expire-approval-requests",
      cron: "5,35 * * * *",
      async run() {
        return { approvalRequests: await services.approvals.expireDue() };
      },
    },
    {
      // Steps the request could not deliver (the scheme down, a crash after the commit), each when
      // its backoff is over (modules/scheme-outbox); every minute, the finest slot a schedule has.
      name: "deliver-scheme-steps",
      cron: "* * * * *",
      async run() {
        return services.schemeOutbox.deliverPending();
      },
    },
    {
      // The profile facts of linked accounts the coin scheme holds none for (members from before it
      // kept them, a link whose sending was lost), through the outbox; a few thousand a run.
      name: "send-profile-facts",
      cron: "2-59/5 * * * *",
      async run() {
        return services.profileFacts.sendMissing();
      },
    },
    ...extra,
  ];
}
