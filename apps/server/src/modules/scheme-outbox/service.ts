import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import {
  type CoinSchemeClient,
  CoinSchemeRefusedError,
  CoinSchemeUnavailableError,
} from "../coins/coin-scheme-client.ts";
import type { OutboxRow, SchemeOutboxRepository } from "./repository.ts";

/** A step as the outbox holds it (the command line lists them). */
export type { OutboxRow };

/**
 * A kind of step the coin scheme must hear, defined by the module whose change it tells
 * (stores, member-records, data-protection). Medusa's workflow step, cut to what this needs.
 */
export interface SchemeStep<P, R = unknown> {
  /**
   * Tells the scheme. Runs again after a lost answer or a crash, so it must change nothing the
   * second time: every step today is a "set to" (a store's flag, an account's number, an erasure),
   * which the scheme answers alike when sent again. A step that adds (a notification) passes
   * `stepId` as the scheme's idempotency key.
   */
  invoke(scheme: CoinSchemeClient, payload: P, stepId: number): Promise<R>;
  /** After the scheme took it, e.g. the audit entry of what the scheme answered. */
  done?(payload: P, result: R): Promise<void>;
  /**
   * The scheme refused for good: undo the member server's change that wrote the step (it has
   * committed long before). Throwing leaves the step to be tried again.
   */
  compensate?(payload: P, refusal: CoinSchemeRefusedError): Promise<void>;
}

export type StepOutcome<R = unknown> =
  | { state: "delivered"; result: R }
  | { state: "refused"; refusal: CoinSchemeRefusedError }
  | { state: "pending" };

/** A delivery holds its step this long; one that crashed lets it go then. */
const LEASE_MS = 60_000;
/** The first retry after 30 s, then twice as long each time, at most an hour apart. */
const FIRST_RETRY_MS = 30_000;
const LAST_RETRY_MS = 3_600_000;
/** Steps one run of the job delivers at most; the next minute takes the rest. */
const BATCH = 200;
/** The scheme's own busy answer (5030) is a "try again", not a refusal. */
const SCHEME_BUSY = 5030;

/** The subject of a member's steps: they reach the scheme in order, and an erasure drops them. */
export const memberSubject = (memberId: number) => `member:${memberId}`;

export function retryDelay(attempts: number) {
  return Math.min(FIRST_RETRY_MS * 2 ** (attempts - 1), LAST_RETRY_MS);
}

/**
 * The transactional outbox towards the coin scheme (docs/decisions/214-scheme-outbox.md). A module
 * writes a step with `add(…, trx)` in the transaction of its own change, so the scheme hears of a
 * change exactly when it commits (never of one rolled back, as stores over HTTP used to be), and
 * embedded or over HTTP the path is the same. Right after the commit the caller tries `deliver`
 * itself, so the scheme follows within the request; what fails (the scheme down) stays and the
 * scheduled `deliver-scheme-steps` job retries it with backoff; a refusal runs the step's
 * compensation.
 */
export class SchemeOutbox {
  private readonly kinds = new Map<string, SchemeStep<never, unknown>>();

  constructor(
    private readonly repository: SchemeOutboxRepository,
    private readonly scheme: CoinSchemeClient,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  define<P, R>(kind: string, step: SchemeStep<P, R>) {
    if (this.kinds.has(kind)) throw new Error(`scheme step "${kind}" defined twice`);
    this.kinds.set(kind, step as SchemeStep<never, unknown>);
  }

  /** Writes the step in `trx`; `subject` orders it after the pending steps of the same subject. */
  add<P>(kind: string, subject: string, payload: P, trx: TableViews): Promise<number> {
    if (!this.kinds.has(kind)) throw new Error(`scheme step "${kind}" is not defined`);
    return this.repository.add({ kind, subject, payload: JSON.stringify(payload), at: this.now() }, trx);
  }

  /**
   * Drops the subject's pending and failed steps in `trx`: an erasure, after which a member's
   * number change must not reach the scheme (nor the number stay here).
   */
  forget(subject: string, trx: TableViews): Promise<number> {
    return this.repository.removeSubject(subject, trx);
  }

  /** Delivers these steps now, in order (after their commit); what could not go stays pending. */
  async deliver<R = unknown>(ids: readonly number[]): Promise<StepOutcome<R>[]> {
    const outcomes: StepOutcome<R>[] = [];
    for (const id of ids) outcomes.push((await this.attempt(id)) as StepOutcome<R>);
    return outcomes;
  }

  /** Every step due, oldest first: the scheduled job, and the tests' deterministic drain. */
  async deliverPending(): Promise<{ delivered: number; refused: number; pending: number }> {
    const counts = { delivered: 0, refused: 0, pending: 0 };
    for (const id of await this.repository.due(this.now(), BATCH))
      counts[(await this.attempt(id)).state] += 1;
    return counts;
  }

  /** Whether a step of `kind` for `subject` is pending or failed: a backfill leaves that subject be. */
  holds(kind: string, subject: string): Promise<boolean> {
    return this.repository.holds(kind, subject);
  }

  /** Pending and failed steps, for operators and tests. */
  steps() {
    return this.repository.list();
  }

  step(id: number) {
    return this.repository.find(id);
  }

  /**
   * An operator's retry (scheme-step-retry): a pending step is tried now rather than after its
   * backoff; a failed one is tried again, unless its refusal was compensated, since its change was
   * undone here then and sending it now would leave the scheme ahead of the member server.
   * Answers the step as it was before the try, with what came of it; undefined when there is none.
   */
  async retry(
    id: number,
  ): Promise<{ step: OutboxRow; outcome: StepOutcome | { state: "compensated" } } | undefined> {
    const step = await this.repository.find(id);
    if (!step) return undefined;
    if (step.failed_at !== null) {
      if (this.kinds.get(step.kind)?.compensate) return { step, outcome: { state: "compensated" } };
      await this.repository.reopen(id, this.now());
    }
    return { step, outcome: await this.attempt(id) };
  }

  /** Removes a failed step an operator has dealt with; a pending one stays (it still has to reach the scheme). */
  async dismiss(id: number): Promise<OutboxRow | "missing" | "pending"> {
    const row = await this.repository.find(id);
    if (!row) return "missing";
    if (row.failed_at === null) return "pending";
    await this.repository.remove(id);
    return row;
  }

  private async attempt(id: number): Promise<StepOutcome> {
    const now = this.now();
    const row = await this.repository.claim(id, now, now + LEASE_MS);
    // Delivered meanwhile, held by another delivery, or behind a pending step of its subject.
    if (!row) return { state: "pending" };
    const step = this.kinds.get(row.kind);
    if (!step) throw new Error(`scheme step "${row.kind}" is not defined`);
    const payload = JSON.parse(row.payload) as never;
    const attempts = row.attempts + 1;
    try {
      const result = await step.invoke(this.scheme, payload, row.id);
      await step.done?.(payload, result);
      await this.repository.remove(row.id);
      return { state: "delivered", result };
    } catch (error) {
      if (error instanceof CoinSchemeRefusedError && error.errorCode !== SCHEME_BUSY) {
        return this.refused(row, step, payload, attempts, error);
      }
      await this.retryLater(row, attempts, error);
      return { state: "pending" };
    }
  }

  private async refused(
    row: OutboxRow,
    step: SchemeStep<never, unknown>,
    payload: never,
    attempts: number,
    refusal: CoinSchemeRefusedError,
  ): Promise<StepOutcome> {
    try {
      await step.compensate?.(payload, refusal);
    } catch (error) {
      await this.retryLater(row, attempts, error);
      return { state: "pending" };
    }
    this.log.error({ step: row.id, kind: row.kind, err: refusal }, "the coin scheme refused a step");
    await this.repository.fail(row.id, attempts, this.now(), refusal.message.slice(0, 1000));
    return { state: "refused", refusal };
  }

  private async retryLater(row: OutboxRow, attempts: number, error: unknown) {
    const message = (error as Error)?.message ?? String(error);
    // The scheme not answering is expected now and then; anything else is a fault of ours.
    if (error instanceof CoinSchemeUnavailableError || error instanceof CoinSchemeRefusedError) {
      this.log.warn({ step: row.id, kind: row.kind, attempts, err: error }, "scheme step to be retried");
    } else {
      this.log.error({ step: row.id, kind: row.kind, attempts, err: error }, "scheme step failed");
    }
    await this.repository.retryLater(
      row.id,
      attempts,
      this.now() + retryDelay(attempts),
      message.slice(0, 1000),
    );
  }
}
