import type { OperatorRole } from "@hcoins/domain/api/console";
import type { RoleCoinControls } from "@hcoins/domain/api/console-coin-controls";
import { ErrorCode } from "@hcoins/domain/codes";
import { programmeDate } from "@hcoins/domain/earn-rules";
import type { TableViews } from "@hcoins/server-kit/database";
import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../errors.ts";
import { metrics } from "../../metrics.ts";
import type { CoinControlRepository } from "./repository.ts";

/** The share of their daily total past which an operator's next adjustments are logged and counted. */
const NEAR_TOTAL = 0.8;

export interface ControlledOperator {
  id: number;
  email: string;
  role: OperatorRole;
}

const operatorScope = (operator: ControlledOperator) => `operator:${operator.id}`;
const roleScope = (operator: ControlledOperator) => `role:${operator.role}`;

/**
 * Coins moved per Hong Kong day, by an operator and by their role, credits and debits alike
 * (absolute value). Held in coin_daily_totals and raised before the coin scheme is asked, so
 * that what is in flight counts too; lowered again when the scheme refuses.
 */
export class DailyTotals {
  constructor(
    private readonly repo: CoinControlRepository,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number,
  ) {}

  dayOf(at: number): string {
    return programmeDate(at);
  }

  /**
   * Raises both totals within their limits, in the caller's transaction (so a refusal of the
   * role's total takes the operator's back too); 4252 / 4253 with what is left otherwise.
   */
  async reserve(
    operator: ControlledOperator,
    coins: number,
    controls: RoleCoinControls,
    trx: TableViews,
  ): Promise<number> {
    const moved = Math.abs(coins);
    const day = this.dayOf(this.now());
    const scopes = [
      [operatorScope(operator), controls.operator_daily_total, ErrorCode.operatorDailyTotalReached],
      [roleScope(operator), controls.role_daily_total, ErrorCode.roleDailyTotalReached],
    ] as const;
    let operatorTotal = 0;
    for (const [scope, limit, code] of scopes) {
      const total = await this.repo.raiseTotal(scope, day, moved, limit, trx);
      if (total === null) {
        const held = limit === null ? 0 : await this.repo.total(scope, day, trx);
        throw new AppError(code, { remaining: Math.max(0, (limit ?? 0) - held), daily_total: limit });
      }
      if (scope === operatorScope(operator)) operatorTotal = total;
    }
    return operatorTotal;
  }

  /** An approved adjustment counts against its requester, whatever their totals (a second operator said yes). */
  async count(operator: ControlledOperator, coins: number): Promise<number> {
    const day = this.dayOf(this.now());
    // The operator's row before the role's, as reserve() takes them: no two transactions wait on each other.
    return this.repo.transaction(async (trx) => {
      const total = await this.repo.raiseTotal(operatorScope(operator), day, Math.abs(coins), null, trx);
      await this.repo.raiseTotal(roleScope(operator), day, Math.abs(coins), null, trx);
      return total ?? 0;
    });
  }

  /** Gives back what a refused adjustment reserved on the day it was reserved. */
  async release(operator: ControlledOperator, coins: number, reservedAt: number): Promise<void> {
    const day = this.dayOf(reservedAt);
    await this.repo.lowerTotal(operatorScope(operator), day, Math.abs(coins));
    await this.repo.lowerTotal(roleScope(operator), day, Math.abs(coins));
  }

  /** A warn line and a metric when the operator's total crosses NEAR_TOTAL of their daily total. */
  noteNear(operator: ControlledOperator, total: number, coins: number, limit: number | null): void {
    if (limit === null) return;
    const mark = limit * NEAR_TOTAL;
    if (total < mark || total - Math.abs(coins) >= mark) return;
    metrics.operatorNearDailyTotal(operator.role);
    this.log.warn(
      { operatorId: operator.id, role: operator.role, moved: total, dailyTotal: limit },
      "operator passed 80% of their daily total of coins",
    );
  }

  async today(operator: ControlledOperator, controls: RoleCoinControls) {
    const day = this.dayOf(this.now());
    const operatorMoved = await this.repo.total(operatorScope(operator), day);
    const roleMoved = await this.repo.total(roleScope(operator), day);
    const left = (limit: number | null, moved: number) =>
      limit === null ? null : Math.max(0, limit - moved);
    return {
      day,
      operator_moved: operatorMoved,
      role_moved: roleMoved,
      operator_remaining: left(controls.operator_daily_total, operatorMoved),
      role_remaining: left(controls.role_daily_total, roleMoved),
    };
  }
}
