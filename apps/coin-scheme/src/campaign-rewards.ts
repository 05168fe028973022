import type { EarnLine } from "@hcoins/domain/earn-lines";
import type { CompiledCampaign } from "./campaign-engine.ts";
import { SchemeError, SchemeErrorCode } from "./errors.ts";
import type { CoinSchemeRepository } from "./repository.ts";
import { isRedeemable } from "./rewards.ts";
import type { AccountRow, EntryRow } from "./tables.ts";
import { issueVoucher } from "./voucher-issue.ts";

/**
 * A campaign whose action is a reward gives the member a voucher of it on each qualifying purchase,
 * in the purchase's transaction under the account's lock, through the voucher engine as a mission
 * does (a redemption of no coins, actor `campaign`). The reward bounds it: none is given once the
 * reward is out of stock, inactive or outside its window, or the member holds its per-member limit;
 * the purchase still earns its coins. Each voucher adds the reward's price to the campaign's spend,
 * its cost in the campaigns list. Answers a statement line of no coins per voucher given, naming its
 * campaign (the voucher itself is the member's next history entry).
 */
export async function issueCampaignRewards(
  repository: CoinSchemeRepository,
  campaigns: readonly CompiledCampaign[],
  locked: AccountRow,
  purchase: EntryRow,
  at: number,
): Promise<EarnLine[]> {
  const given: EarnLine[] = [];
  for (const campaign of campaigns) {
    if (campaign.action.type !== "reward") continue;
    const reward = await repository.rewards.reward(campaign.action.reward_id);
    if (!reward || !isRedeemable(reward, at) || reward.stock <= 0) continue;
    if (reward.per_member_limit !== null) {
      const held = (await repository.rewards.heldByAccount(locked.id, reward.id)).get(reward.id) ?? 0;
      if (held >= reward.per_member_limit) continue;
    }
    try {
      await issueVoucher(
        repository,
        locked,
        reward,
        {
          key: `campaign:${campaign.id}:${purchase.id}`,
          actorType: "client",
          actor: "campaign",
          client: purchase.client,
          reason: `campaign ${campaign.id} reward at the purchase ${purchase.id}`,
        },
        { coins: 0 },
        "campaign",
        at,
      );
    } catch (error) {
      // Another purchase took the last unit since the stock was read: no voucher, the coins stand.
      if (error instanceof SchemeError && error.errorCode === SchemeErrorCode.rewardOutOfStock) continue;
      throw error;
    }
    await repository.campaigns.addSpent(campaign.id, reward.coins);
    given.push({ kind: "campaign", coins: 0, campaign_id: campaign.id, name: campaign.name });
  }
  return given;
}
