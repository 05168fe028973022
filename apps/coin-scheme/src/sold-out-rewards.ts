/** How long a reward found sold out is refused without asking the database again. */
const HOLD_MS = 1000;

/**
 * The rewards this instance found out of stock a moment ago, so that the rest of a rush on the
 * last units is answered 6022 at once instead of queueing for the database. It only saves
 * work: the database stays the judge of the stock. A unit put back here (an operator's stock
 * change, a cancelled voucher) clears the reward at once; one put back through another instance
 * is seen within HOLD_MS, when the next redemption asks the database again. Timed by the
 * monotonic clock, not the scheme's business clock (which tests move).
 */
export class SoldOutRewards {
  private readonly until = new Map<number, number>();

  mark(rewardId: number) {
    this.until.set(rewardId, performance.now() + HOLD_MS);
  }

  clear(rewardId: number) {
    this.until.delete(rewardId);
  }

  has(rewardId: number): boolean {
    const until = this.until.get(rewardId);
    if (until === undefined) return false;
    if (until > performance.now()) return true;
    this.until.delete(rewardId);
    return false;
  }
}
