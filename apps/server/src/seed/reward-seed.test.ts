import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { REWARD_SEED_KEY, seedRewards } from "./reward-seed.ts";

const apps: TestApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function start(env: Record<string, string> = {}): Promise<TestApp> {
  const app = await createTestApp({ env });
  apps.push(app);
  return app;
}

const silentLog = { info: () => {} } as unknown as Parameters<typeof seedRewards>[1];

describe("the first-start catalogue", () => {
  it("holds e-gift vouchers and products with images the server serves, at registered stores", async () => {
    const t = await start();
    const { rewards } = await t.app.services.coinSchemeClient.rewards({ activeOnly: true });
    expect(rewards.length).toBeGreaterThanOrEqual(4);
    expect(rewards.map((reward) => reward.kind)).toEqual(expect.arrayContaining(["evoucher", "product"]));
    expect(rewards.find((reward) => reward.store_codes.length === 0)?.value_amount).toBe("50.00");
    const registered = new Set(
      (await t.app.services.coinSchemeClient.stores()).stores.map((s) => s.store_code),
    );
    for (const reward of rewards) {
      for (const store of reward.store_codes) expect(registered.has(store), store).toBe(true);
      expect(reward.title.tc).not.toBe("");
      const image = await t.app.inject({ method: "GET", url: `${reward.image_url}?app_id=web` });
      expect(image.statusCode, reward.image_url ?? "").toBe(200);
      expect(image.headers["content-type"]).toContain("image/svg+xml");
    }
    expect(JSON.parse((await t.app.services.settings.valueOf(REWARD_SEED_KEY)) as string).state).toBe(
      "seeded",
    );
  });

  it("runs once: again it finds its marker; a catalogue an operator started is left alone", async () => {
    const t = await start();
    const before = (await t.app.services.coinSchemeClient.rewards({ activeOnly: false })).rewards.length;
    expect(await seedRewards(t.app.services, silentLog)).toBe("already-seeded");
    await t.app.services.database
      .tables()
      .deleteFrom("settings")
      .where("key", "=", REWARD_SEED_KEY)
      .execute();
    expect(await seedRewards(t.app.services, silentLog)).toBe("skipped-catalogue-present");
    expect((await t.app.services.coinSchemeClient.rewards({ activeOnly: false })).rewards).toHaveLength(
      before,
    );
  });

  it("is off with SEED_CONTENT=false", async () => {
    const t = await start({ SEED_CONTENT: "false" });
    expect((await t.app.services.coinSchemeClient.rewards({ activeOnly: false })).rewards).toEqual([]);
  });
});
