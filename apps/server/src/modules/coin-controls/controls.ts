import { OPERATOR_ROLES } from "@hcoins/domain/api/console";
import {
  type CoinControls,
  coinControlsSchema,
  DEFAULT_COIN_CONTROLS,
  roleCoinControlsSchema,
} from "@hcoins/domain/api/console-coin-controls";
import { z } from "zod";
import type { Actor, AuditService } from "../audit/service.ts";
import type { SettingsService } from "../settings/service.ts";

const KEY = "console.coinControls";
/** Before coin controls there were ceilings only, role → coins; an administrator's are kept. */
const CEILINGS_KEY = "console.adjustmentCeilings";
const storedCeilings = z.partialRecord(z.enum(OPERATOR_ROLES), z.number().int().min(1).nullable());
const storedControls = z.partialRecord(z.enum(OPERATOR_ROLES), roleCoinControlsSchema);

/**
 * Per role, the controls on operators' coin adjustments an administrator sets: the ceiling per
 * call, the daily totals of an operator and of the role, the approval threshold. Kept in the
 * settings table as JSON, the defaults until first set.
 */
export class CoinControlService {
  constructor(
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
  ) {}

  async all(): Promise<CoinControls> {
    const stored = await this.settings.valueOf(KEY);
    if (stored !== undefined)
      return { ...DEFAULT_COIN_CONTROLS, ...storedControls.parse(JSON.parse(stored)) };
    const ceilings = await this.settings.valueOf(CEILINGS_KEY);
    const controls = structuredClone(DEFAULT_COIN_CONTROLS);
    if (ceilings === undefined) return controls;
    for (const [role, ceiling] of Object.entries(storedCeilings.parse(JSON.parse(ceilings))))
      controls[role as keyof CoinControls].ceiling = ceiling;
    return controls;
  }

  async set(controls: CoinControls, by: Actor): Promise<CoinControls> {
    const before = await this.all();
    const value = JSON.stringify(coinControlsSchema.parse(controls));
    if (!(await this.settings.claim(KEY, value))) await this.settings.set(KEY, value);
    await this.audit.record({ ...by, action: "coins.setControls", target: null, before, after: controls });
    return controls;
  }
}
