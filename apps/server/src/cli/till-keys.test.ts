import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { CliError } from "./command.ts";
import { COMMANDS } from "./commands.ts";
import { tillKeyAdd, tillKeyList, tillKeyRevoke, tillKeyStores } from "./till-keys.ts";

describe("the till key commands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { SEED_CONTENT: "false" } });
    for (const store of ["CLI-T1", "CLI-T2"]) await t.app.services.coinSchemeClient.setStore(store, false);
  });
  afterAll(() => t?.close());

  const refusal = async (run: Promise<string>) => {
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };
  const audit = () => t.app.services.audit.all({});
  const till = (key: string, store: string) =>
    t.app.inject({
      method: "POST",
      url: "/coin-scheme/v1/till/vouchers/check",
      headers: { "x-api-key": key, "content-type": "application/json" },
      payload: JSON.stringify({ code: "NO-SUCH-VOUCHER", store_code: store }),
    });

  it("are listed in the admin's commands", () => {
    for (const name of ["till-key-add", "till-key-stores", "till-key-list", "till-key-revoke"])
      expect(COMMANDS[name], name).toBeDefined();
  });

  it("till-key-add prints the key once; it opens the till API at its stores; one audit entry without it", async () => {
    const out = await tillKeyAdd(t.app.services, ["front-1", "--stores", "CLI-T1, CLI-T1"]);
    const [first, , key] = out.split("\n");
    expect(first).toMatch(/^Added till key \d+ "front-1" for CLI-T1\.$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Past the key and store checks: no such voucher (6024); elsewhere the store check (6017).
    expect((await till(key as string, "CLI-T1")).json().error_code).toBe(6024);
    expect((await till(key as string, "CLI-T2")).json().error_code).toBe(6017);
    const [entry] = await audit();
    expect(entry).toMatchObject({ action: "tillKey.create", after: { name: "front-1", stores: ["CLI-T1"] } });
    expect(entry?.actor).toMatch(/^cli:/);
    expect(JSON.stringify(await audit())).not.toContain(key);
    expect(await tillKeyList(t.app.services, [])).toMatch(
      /\tfront-1\tCLI-T1\tlive\tmade .* by cli:.*\tlast used /,
    );
  });

  it("till-key-stores and till-key-revoke change a key, one audit entry each", async () => {
    const out = await tillKeyAdd(t.app.services, ["front-2", "--stores", "CLI-T1"]);
    const id = /^Added till key (\d+)/.exec(out)?.[1] as string;
    const key = out.split("\n")[2] as string;
    expect(await tillKeyStores(t.app.services, [id, "--stores", "CLI-T1,CLI-T2"])).toBe(
      `Till key ${id} "front-2" now earns at CLI-T1, CLI-T2 (from its next call).`,
    );
    expect((await audit())[0]).toMatchObject({ action: "tillKey.stores", target: `till-key:${id}` });
    expect(await tillKeyRevoke(t.app.services, [id])).toBe(
      `Revoked till key ${id} "front-2": the coin scheme refuses it from its next call.`,
    );
    expect((await audit())[0]).toMatchObject({ action: "tillKey.revoke", target: `till-key:${id}` });
    expect((await till(key, "CLI-T1")).statusCode).toBe(401);
    expect(await tillKeyList(t.app.services, [])).toMatch(
      new RegExp(`^${id}\\tfront-2\\tCLI-T1,CLI-T2\\trevoked `, "m"),
    );
  });

  it("refuses bad input with what to give, and changes nothing", async () => {
    await tillKeyAdd(t.app.services, ["front-3", "--stores", "CLI-T1"]);
    const count = (await audit()).length;
    expect(await refusal(tillKeyAdd(t.app.services, ["front-3", "--stores", "CLI-T1"]))).toContain(
      "a live till key has this name",
    );
    expect(await refusal(tillKeyAdd(t.app.services, ["front 4", "--stores", "CLI-T1"]))).toContain(
      "<name> must be 1-64 letters",
    );
    expect(await refusal(tillKeyAdd(t.app.services, ["front-4", "--stores", "NOWHERE"]))).toContain(
      "a store the coin scheme does not know",
    );
    expect(await refusal(tillKeyAdd(t.app.services, ["front-4", "--stores", ","]))).toContain(
      "--stores names at least one store code",
    );
    expect(await refusal(tillKeyAdd(t.app.services, ["front-4"]))).toContain("--stores is required");
    expect(await refusal(tillKeyRevoke(t.app.services, ["999999"]))).toContain("no till key has this id");
    expect(await refusal(tillKeyRevoke(t.app.services, ["abc"]))).toContain('"abc" is not a till key id');
    expect(await refusal(tillKeyStores(t.app.services, ["999999", "--stores", "CLI-T1"]))).toContain(
      "no till key has this id",
    );
    expect((await audit()).length).toBe(count);
  });
});
