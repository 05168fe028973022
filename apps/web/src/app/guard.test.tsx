import type { UserInfo } from "@hcoins/domain/api/profile";
import { fail, mockApi, ok, type Reply } from "@hcoins/web-kit/testing/mock-api";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { session } from "../lib/session.ts";
import { renderApp } from "../lib/test-app.tsx";
import { routes } from "./router.tsx";

/**
 * The spec's token login (`?message=<m>#<signature>`): a signed message is exchanged only when
 * there is no session, and leaves the address once used.
 */

const memberA = { id: 1, member_no: "M000001", birthday_month: 7 } as UserInfo;
const memberB = { id: 2, member_no: "M000002", birthday_month: 3 } as UserInfo;
const TOKENS: Record<string, UserInfo> = { "token-a": memberA, "token-b": memberB };

/** The server: each token's member, and a signature login that answers `exchange`. */
function server(exchange: Reply = ok()) {
  return mockApi({
    "GET /crm/user/profile": () => {
      const member = TOKENS[session.getToken() ?? ""];
      return member ? ok(member) : fail(401, 4010, "Unauthenticated");
    },
    "POST /crm/auth/signature-login": exchange,
  });
}

const SIGNED_IN_AS_B: Reply = { body: { Status: "Success", Data: { access_token: "token-b" } } };
const REFUSED: Reply = { body: { Status: "Fail", Message: "Invalid signature" } };

/** The member number the QR screen shows. */
const shownNumber = async () => {
  await screen.findByRole("img", { name: "Your member QR code" });
  return document.querySelector(".qr-number strong")?.textContent;
};

const where = (router: ReturnType<typeof renderApp>["router"]) => {
  const { pathname, search, hash } = router.state.location;
  return pathname + search + hash;
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("a signed message in the address, with a member signed in", () => {
  it("is not exchanged: the member stays signed in as themselves, and the message leaves the address", async () => {
    session.setToken("token-a");
    const api = server(SIGNED_IN_AS_B);
    const { router } = renderApp(routes, "/qrcode?message=b-message&signature=b-signature");

    expect(await shownNumber()).toBe("M000001");
    expect(api.called("POST /crm/auth/signature-login")).toHaveLength(0);
    expect(session.getToken()).toBe("token-a");
    expect(where(router)).toBe("/qrcode");
  });

  it("a bogus message does not end the session", async () => {
    session.setToken("token-a");
    const api = server(REFUSED);
    const { router } = renderApp(routes, "/qrcode?message=x&signature=y");

    expect(await shownNumber()).toBe("M000001");
    expect(api.called("POST /crm/auth/signature-login")).toHaveLength(0);
    expect(session.getToken()).toBe("token-a");
    expect(where(router)).toBe("/qrcode");
  });
});

describe("a signed message in the address, with no session", () => {
  it("signs the visitor in, and leaves the address in place of the entry, other parameters kept", async () => {
    const api = server(SIGNED_IN_AS_B);
    const { router } = renderApp(routes, "/qrcode?lang=en&message=b-message&from=app&signature=b-signature");

    expect(await shownNumber()).toBe("M000002");
    expect(api.called("POST /crm/auth/signature-login").map((call) => call.body)).toEqual([
      { message: "b-message", signature: "b-signature" },
    ]);
    expect(session.getToken()).toBe("token-b");
    expect(where(router)).toBe("/qrcode?lang=en&from=app");
    expect(router.state.historyAction).toBe("REPLACE");
  });

  it("takes the signature from the hash, and the hash goes with it", async () => {
    window.history.replaceState(null, "", "/qrcode?message=b-message#b-signature");
    const api = server(SIGNED_IN_AS_B);
    const { router } = renderApp(routes, "/qrcode?message=b-message#b-signature");

    expect(await shownNumber()).toBe("M000002");
    expect(api.called("POST /crm/auth/signature-login").map((call) => call.body)).toEqual([
      { message: "b-message", signature: "b-signature" },
    ]);
    expect(where(router)).toBe("/qrcode");
  });

  it("a reload afterwards keeps the member signed in, and asks nothing of the spent message", async () => {
    const api = server(SIGNED_IN_AS_B);
    const first = renderApp(routes, "/qrcode?message=b-message&signature=b-signature");
    expect(await shownNumber()).toBe("M000002");
    const reloadedAt = where(first.router);
    first.unmount();

    // A reload: the same address, the stored token, nothing in memory.
    renderApp(routes, reloadedAt);
    expect(await shownNumber()).toBe("M000002");
    expect(api.called("POST /crm/auth/signature-login")).toHaveLength(1);
    expect(session.getToken()).toBe("token-b");
  });

  it("a refused message leaves a visitor, sent to log in with the way back but without the message", async () => {
    server(REFUSED);
    const { router } = renderApp(routes, "/qrcode?message=x&signature=y");

    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(where(router)).toBe(`/login?redirect=${encodeURIComponent("/qrcode")}`);
    expect(session.getToken()).toBeNull();
  });

  it("a token the server no longer knows is no session: the message signs in", async () => {
    session.setToken("revoked-token");
    const api = server(SIGNED_IN_AS_B);
    const { router } = renderApp(routes, "/qrcode?message=b-message&signature=b-signature");

    expect(await shownNumber()).toBe("M000002");
    expect(api.called("POST /crm/auth/signature-login")).toHaveLength(1);
    expect(session.getToken()).toBe("token-b");
    expect(where(router)).toBe("/qrcode");
  });

  it("a session started meanwhile (another tab) is not replaced by the exchange's answer", async () => {
    mockApi({
      "GET /crm/user/profile": () => ok(TOKENS[session.getToken() ?? ""]),
      "POST /crm/auth/signature-login": () => {
        session.setToken("token-a");
        return SIGNED_IN_AS_B;
      },
    });
    renderApp(routes, "/qrcode?message=b-message&signature=b-signature");

    expect(await shownNumber()).toBe("M000001");
    expect(session.getToken()).toBe("token-a");
  });
});
