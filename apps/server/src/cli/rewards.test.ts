import { userInfo } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../testing/flows.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { rewardAdd, rewardEdit, rewardList, rewardStock, voucherCancel, voucherShow } from "./rewards.ts";

describe("the rewards and vouchers commands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    // A store of the scheme's registry for the rewards that name stores.
    await t.app.services.coinSchemeClient.setStore("CLI-S1", false);
  });
  afterAll(() => t?.close());

  const refusal = async (run: Promise<string>) => {
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };
  const add = (extra: string[] = []) =>
    rewardAdd(t.app.services, [
      "--kind",
      "evoucher",
      "--coins",
      "100",
      "--stock",
      "5",
      "--value",
      "50",
      "--title-en",
      "HKD 50 voucher",
      "--title-tc",
      "HK$50 禮券",
      "--title-sc",
      "HK$50 礼券",
      ...extra,
    ]);
  const latestAudit = async () => (await t.app.services.audit.all({}))[0];
  const idOf = (out: string) => Number(/^Added reward (\d+)\./.exec(out)?.[1]);

  it("are listed in the admin's commands", () => {
    for (const name of [
      "reward-add",
      "reward-edit",
      "reward-list",
      "reward-stock",
      "voucher-show",
      "voucher-cancel",
    ])
      expect(COMMANDS[name], name).toBeDefined();
  });

  it("reward-add adds a reward; bad or missing flags are refused with what to give", async () => {
    const out = await add([
      "--stores",
      "CLI-S1",
      "--limit",
      "2",
      "--starts",
      "2025-01-01",
      "--valid-days",
      "14",
    ]);
    expect(out).toMatch(/^Added reward \d+\./);
    expect(out).toContain("HKD 50 voucher / HK$50 禮券  (e-gift voucher HKD 50.00)");
    expect(out).toContain("100 H Coins, 5 in stock, at most 2 per member, vouchers valid 14 days");
    expect(out).toContain("stores: CLI-S1; window 2025-01-01 00:00 – open");
    expect(await latestAudit()).toMatchObject({
      actor: `cli:${userInfo().username}`,
      action: "reward.create",
      target: `reward:${idOf(out)}`,
      after: { coins: 100, stock: 5, store_codes: ["CLI-S1"] },
    });
    const entries = (await t.app.services.audit.all({})).length;

    expect(await refusal(rewardAdd(t.app.services, ["--kind", "evoucher"]))).toContain("--coins is required");
    expect(await refusal(add(["--kind", "voucher"]))).toBe('--kind "voucher" must be evoucher or product');
    expect(await refusal(add(["--coins", "0"]))).toBe(
      '--coins "0" must be a whole number from 1 to 10000000',
    );
    expect(await refusal(add(["--value", "none"]))).toContain("needs --value");
    expect(await refusal(add(["--kind", "product", "--value", "50"]))).toContain(
      "a product has no face value",
    );
    expect(await refusal(add(["--title-sc", ""]))).toContain("give --title-sc");
    expect(await refusal(add(["--starts", "2025-02-01", "--ends", "2025-01-01"]))).toBe(
      "--ends must be after --starts",
    );
    expect(await refusal(add(["--ends", "soon"]))).toContain('--ends "soon" is not a time');
    expect(await refusal(add(["--image", "ftp://x"]))).toContain("must be an https address");
    expect(await refusal(add(["--stores", "NOWHERE"]))).toBe(
      "the H Coins scheme refused: store_codes names a store the scheme does not know (stores-sync registers the store list's); nothing changed",
    );
    // Refusals change nothing and record nothing.
    expect((await t.app.services.audit.all({})).length).toBe(entries);
  });

  it("reward-edit changes only the flags given; reward-stock adds and removes, never below zero", async () => {
    const id = idOf(await add());
    const edited = await rewardEdit(t.app.services, [String(id), "--coins", "150", "--inactive"]);
    expect(edited).toContain(`#${id}  inactive  HKD 50 voucher`);
    expect(edited).toContain("150 H Coins, 5 in stock");
    const { reward } = await t.app.services.coinSchemeClient.reward(id);
    expect(reward).toMatchObject({ value_amount: "50.00", title: { tc: "HK$50 禮券" }, active: false });
    expect(await latestAudit()).toEqual(
      expect.objectContaining({
        actor: `cli:${userInfo().username}`,
        action: "reward.edit",
        target: `reward:${id}`,
        before: { coins: 100, active: true },
        after: { coins: 150, active: false },
      }),
    );
    expect(await refusal(rewardEdit(t.app.services, [String(id)]))).toContain("give at least one field");
    expect(await refusal(rewardEdit(t.app.services, [String(id), "--stock", "9"]))).toContain("reward-stock");
    expect(await refusal(rewardEdit(t.app.services, ["99999", "--coins", "1"]))).toBe(
      "reward 99999 does not exist (reward-list lists them); nothing changed",
    );

    expect(await rewardStock(t.app.services, [String(id), "+3"])).toBe(`Reward ${id}: stock 5 → 8.`);
    expect(await latestAudit()).toMatchObject({
      action: "reward.stock",
      target: `reward:${id}`,
      before: { stock: 5 },
      after: { stock: 8, change: 3 },
    });
    expect(await rewardStock(t.app.services, [String(id), "-8"])).toBe(`Reward ${id}: stock 8 → 0.`);
    expect(await refusal(rewardStock(t.app.services, [String(id), "-1"]))).toBe(
      `reward ${id} has 0 in stock: cannot remove 1; nothing changed`,
    );
    expect(await refusal(rewardStock(t.app.services, [String(id), "3"]))).toContain("must be +N");

    const list = await rewardList(t.app.services, []);
    expect(list).toContain(`#${id}  inactive`);
    expect(await rewardList(t.app.services, ["--active-only"])).not.toContain(`#${id} `);
  });

  it("--low-stock sets a reward's low-stock threshold (none clears it), and the list says when it is low", async () => {
    const out = await add(["--low-stock", "5"]);
    expect(out).toContain("low stock at 5 or fewer (low now)");
    const id = idOf(out);
    expect((await t.app.services.coinSchemeClient.reward(id)).reward.low_stock_threshold).toBe(5);
    const raised = await rewardEdit(t.app.services, [String(id), "--low-stock", "2"]);
    expect(raised).toContain("low stock at 2 or fewer");
    expect(raised).not.toContain("(low now)");
    expect(await rewardEdit(t.app.services, [String(id), "--low-stock", "none"])).toContain(
      "no low-stock alert",
    );
    expect(await refusal(add(["--low-stock", "0"]))).toBe(
      '--low-stock "0" must be a whole number from 1 to 1000000',
    );
  });

  it("voucher-show and voucher-cancel: coins and stock back, a second cancel refused", async () => {
    const id = idOf(await add());
    const member = await registerMember(t);
    const { account } = await t.app.services.coinSchemeClient.createAccount({
      prefix: "852",
      phone: member.phone,
      memberRef: member.user.member_no,
    });
    await t.app.services.coinSchemeClient.adjust({
      hcoinsMemberNo: account.hcoins_memberno,
      coins: 100,
      reason: "test",
      operator: "amy",
      allowNegative: false,
    });
    const { voucher } = await t.app.services.coinSchemeClient.redeem({
      hcoinsMemberNo: account.hcoins_memberno,
      rewardId: id,
      key: "cli-1",
    });
    // The embedded client's reads of what the redemption left.
    const client = t.app.services.coinSchemeClient;
    expect((await client.vouchers(account.hcoins_memberno)).vouchers.map((each) => each.code)).toEqual([
      voucher.code,
    ]);
    expect(await client.balance(account.hcoins_memberno)).toMatchObject({ balance: 0, expiring: [] });
    const page = await client.ledger(account.hcoins_memberno, { limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 2, entries: [{ kind: "adjustment" }], rewards: [] });
    const shown = await voucherShow(t.app.services, [voucher.code.toLowerCase().replaceAll("-", " ")]);
    expect(shown).toContain(`Voucher ${voucher.code}: issued. Reward ${id} "HKD 50 voucher"`);

    expect(await refusal(voucherCancel(t.app.services, [voucher.code]))).toContain("--reason is required");
    const cancelled = await voucherCancel(t.app.services, [
      voucher.code,
      "--reason",
      "asked",
      "--operator",
      "amy",
    ]);
    expect(cancelled).toContain(
      `Cancelled voucher ${voucher.code}: 100 H Coins back to ${account.hcoins_memberno} (balance 100), 1 unit back in stock of reward ${id}.`,
    );
    expect(cancelled).toMatch(/^Cancelled \d{4}-\d\d-\d\d \d\d:\d\d: "asked"\.$/m);
    expect(await latestAudit()).toMatchObject({
      action: "voucher.cancel",
      target: `voucher:${voucher.code}`,
      after: { status: "cancelled", balance: 100, reason: "asked" },
    });
    expect((await t.app.services.coinSchemeClient.reward(id)).reward.stock).toBe(5);
    expect(await refusal(voucherCancel(t.app.services, [voucher.code, "--reason", "again"]))).toContain(
      "6027",
    );
    expect(await refusal(voucherShow(t.app.services, ["NOPE"]))).toContain("6024");
  });
});
