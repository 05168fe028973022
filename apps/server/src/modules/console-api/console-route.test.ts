import { CONSOLE_API, type ConsoleOperation, consoleSession } from "@hcoins/domain/api/console";
import { createServer } from "@hcoins/server-kit/create-server";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEMBER_ENVELOPE } from "../../errors.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { type ConsoleApp, closedByDefault, consoleRoute } from "./console-route.ts";
import { consoleCall } from "./console-test-support.ts";

/** A console tree on a bare server, closed as the app's is, with the routes `add` registers. */
async function treeWith(t: TestApp, add: (api: ConsoleApp) => void) {
  const server = await createServer({
    logLevel: "silent",
    trustProxy: 0,
    bodyLimit: 1024,
    envelope: MEMBER_ENVELOPE,
  });
  await server.register(
    async (plugin) => {
      const api = plugin.withTypeProvider<ZodTypeProvider>();
      closedByDefault(api, t.app.services.operators.sessions);
      add(api);
    },
    { prefix: CONSOLE_API },
  );
  return server;
}

describe("the console tree is closed by default", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("refuses at start a route registered without a declared access", async () => {
    const outcome = await treeWith(t, (api) => {
      api.get("/forgot-its-access", async () => ({ code: 200, payload: {} }));
    }).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(String(outcome)).toMatch(/GET \/console\/api\/forgot-its-access declares no access/);
  });

  it("refuses at start a contract entry without an access", async () => {
    const { access: _none, ...withoutAccess } = consoleSession.current;
    const outcome = await treeWith(t, (api) => {
      consoleRoute(api, withoutAccess as unknown as ConsoleOperation, async () => ({
        code: 200,
        payload: {},
      }));
    }).catch((error: unknown) => error);
    expect(String(outcome)).toMatch(/declares no access/);
  });

  it("answers an unknown console path 404, not 401, whoever asks", async () => {
    const answer = await consoleCall(t, "POST", "/no-such-call", { body: { x: 1 } });
    expect(answer.status).toBe(404);
    expect(answer.body.error_code).toBe(4040);
  });
});
