import type { ConsoleCampaign } from "@hcoins/domain/api/console-campaigns";

/** A weekend double-coins campaign as the server answers it (tests only). */
export const campaign = (fields: Partial<ConsoleCampaign> = {}): ConsoleCampaign => ({
  id: 9,
  name: { en: "Weekend double", tc: "週末雙倍", sc: "周末双倍" },
  conditions: [{ fact: "weekday", in: [6, 7] }],
  action: { type: "multiplier", multiplier: "2" },
  stacks: false,
  starts_at: "2026-12-05T00:00:00+08:00",
  ends_at: "2027-01-01T00:00:00+08:00",
  budget_coins: 500_000,
  per_member_cap: 2_000,
  programme_rule: null,
  status: "draft",
  spent_coins: 0,
  members_earned: 0,
  purchases_earned: 0,
  created_by: "operator:pm@example.com",
  created_at: "2026-11-28T08:00:00.000Z",
  updated_by: null,
  updated_at: null,
  activated_by: null,
  approved_by: null,
  activated_at: null,
  ...fields,
});
