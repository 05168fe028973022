import { programmeDate } from "@hcoins/domain/earn-rules";
import { daysOf } from "@hcoins/domain/figures-range";
import type { FastifyBaseLogger } from "fastify";
import type { DailyCountRepository } from "./repository.ts";

/** What is counted per Hong Kong day, by the module where it happens. */
export const DAILY_COUNT_NAMES = ["registrations", "logins", "sms.sent", "sms.failed"] as const;
export type DailyCountName = (typeof DAILY_COUNT_NAMES)[number];

export type DailyCounts = { day: string } & Record<DailyCountName, number>;

/**
 * The member server's figures for operators: how many registrations, logins and SMS (sent,
 * failed) each Hong Kong day saw. Other modules count through `count`; the console reads `days`.
 */
export class FiguresService {
  constructor(
    private readonly repo: DailyCountRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  /**
   * One more of `name` today. Never fails: a figure that misses one is better than a member's
   * registration, login or code refused for it, so a write that fails is logged and passed over.
   */
  async count(name: DailyCountName): Promise<void> {
    try {
      await this.repo.increment(programmeDate(this.now()), name);
    } catch (error) {
      this.log.warn({ err: error, figure: name }, "daily count not raised");
    }
  }

  /** Every day from `from` to `to` (both included) with its counts, zero where nothing happened. */
  async days(from: string, to: string): Promise<DailyCounts[]> {
    const rows = await this.repo.between(from, to);
    const byDay = new Map(daysOf(from, to).map((day) => [day, zeroCounts(day)]));
    for (const row of rows) {
      const day = byDay.get(row.day);
      if (day && isCountName(row.name)) day[row.name] = row.count;
    }
    return [...byDay.values()];
  }
}

const isCountName = (name: string): name is DailyCountName =>
  (DAILY_COUNT_NAMES as readonly string[]).includes(name);

function zeroCounts(day: string): DailyCounts {
  return { day, registrations: 0, logins: 0, "sms.sent": 0, "sms.failed": 0 };
}
