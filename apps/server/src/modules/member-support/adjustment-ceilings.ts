import {
  type AdjustmentCeilings,
  adjustmentCeilingsSchema,
  DEFAULT_ADJUSTMENT_CEILINGS,
} from "@hcoins/domain/api/console-member-actions";
import type { Actor, AuditService } from "../audit/service.ts";
import type { SettingsService } from "../settings/service.ts";

const KEY = "console.adjustmentCeilings";

/**
 * Per role, the most coins one console adjustment may move; an administrator sets them. Kept in
 * the settings table as JSON, the defaults until first set.
 */
export class AdjustmentCeilingService {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
  ) {}

  async all(): Promise<AdjustmentCeilings> {
    const stored = await this.settings.valueOf(KEY);
    if (stored === undefined) return { ...DEFAULT_ADJUSTMENT_CEILINGS };
    return {
      ...DEFAULT_ADJUSTMENT_CEILINGS,
      ...adjustmentCeilingsSchema.partial().parse(JSON.parse(stored)),
    };
  }

  async set(ceilings: AdjustmentCeilings, by: Actor): Promise<AdjustmentCeilings> {
    const before = await this.all();
    const value = JSON.stringify(ceilings);
    if (!(await this.settings.claim(KEY, value))) await this.settings.set(KEY, value);
    await this.audit.record({
      ...by,
      action: "coins.setAdjustmentCeilings",
      target: null,
      before,
      after: ceilings,
    });
    return ceilings;
  }
}
