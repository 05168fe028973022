import { fail, mockApi, ok } from "@hcoins/web-kit/testing/mock-api";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { cmsPageQuery, TERMS_AND_CONDITIONS } from "../api/cms.ts";
import { userQuery } from "../api/profile.ts";
import { AlertProvider } from "../components/alert-provider.tsx";
import { balanceAnswer } from "../lib/coin-fixtures.ts";
import { queryClient } from "../lib/query-client.ts";
import { WithQueryClient } from "../lib/query-client-provider.tsx";
import { session } from "../lib/session.ts";
import { renderApp } from "../lib/test-app.tsx";
import { LOADER_PATIENCE_MS } from "../lib/wait-for-data.ts";
import { routes } from "./router.tsx";
import { SCREENS } from "./screens.ts";

const children = routes[0]?.children ?? [];

type Loader = (args: { request: Request; params: Record<string, string> }) => Promise<unknown>;

/** Runs a screen's route loader as React Router would for `path`; resolves with what it threw, if anything. */
async function runLoader(screenPath: string, path: string, params: Record<string, string> = {}) {
  const route = children.find((item) => item.path === screenPath);
  const loader = route?.loader as Loader | undefined;
  if (!loader) throw new Error(`${screenPath} has no loader`);
  return loader({ request: new Request(new URL(path, window.location.origin)), params }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
}

/** The app at `path` once its loaders are done: what the screen draws first. */
async function drawAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  render(
    <QueryClientProvider client={queryClient}>
      <AlertProvider>
        <RouterProvider router={router} />
      </AlertProvider>
    </QueryClientProvider>,
  );
}

const redirectOf = (thrown: unknown) =>
  thrown instanceof Response ? { status: thrown.status, location: thrown.headers.get("location") } : thrown;

describe("the screen table", () => {
  it("gives the router one lazy route per screen, each loading a component its page exports", async () => {
    expect(children.map((route) => route.path)).toEqual(SCREENS.map((screen) => screen.path));
    for (const [index, route] of children.entries()) {
      const lazy = route.lazy as () => Promise<{ Component?: unknown; element?: ReactElement }>;
      const { Component, element } = await lazy();
      if (SCREENS[index]?.landing) {
        expect(typeof Component, String(route.path)).toBe("function");
      } else {
        // Every other screen is drawn in the app's query client.
        const wrapped = element as ReactElement<{ children: ReactElement }>;
        expect(wrapped.type, String(route.path)).toBe(WithQueryClient);
        expect(typeof wrapped.props.children.type, String(route.path)).toBe("function");
      }
    }
  });

  it("gives every screen a route loader (the guard, then its page's own loader)", () => {
    expect(children.filter((route) => !route.loader).map((route) => route.path)).toEqual([]);
  });

  it("sends a visitor from each login-required screen to /login with the way back", async () => {
    queryClient.clear();
    mockApi({});
    for (const screen of SCREENS.filter((item) => item.login)) {
      const thrown = await runLoader(screen.path, `${screen.path}?x=1`);
      expect(redirectOf(thrown), screen.path).toEqual({
        status: 302,
        location: `/login?redirect=${encodeURIComponent(`${screen.path}?x=1`)}`,
      });
    }
  });

  it("runs every screen's loader (with its page's, where the page exports one), and none lets a failed call through", async () => {
    queryClient.clear();
    // Every call fails: a loader leaves the failure for its screen to show, and never throws it.
    // A member is signed in, so that the login-required screens' loaders run too.
    mockApi({});
    session.setToken("member-token");
    for (const screen of SCREENS) {
      const thrown = await runLoader(screen.path, "/", { id: "7", location: "merchant", slug: "partners" });
      expect(thrown, screen.path).toBeNull();
    }
    session.clearToken();
  });
});

describe("a screen's loader", () => {
  it("has the screen's data in the cache before the screen draws", async () => {
    queryClient.clear();
    const api = mockApi({ "GET /crm/cms/page": ok({ title: "Terms", content: "<p>Agree.</p>" }) });
    expect(await runLoader("/register/terms", "/register/terms")).toBeNull();
    expect(queryClient.getQueryData(cmsPageQuery(TERMS_AND_CONDITIONS).queryKey)).toMatchObject({
      title: "Terms",
    });
    expect(api.called("GET /crm/cms/page")).toHaveLength(1);
  });

  it("lets the screen draw with its data at once, no loading line first", async () => {
    queryClient.clear();
    mockApi({
      "GET /crm/cms/page": ok({ title: "Terms", content: "<p>Agree to these.</p>", status: "active" }),
    });
    await drawAt("/register/terms");
    // Not findBy: the first render has it.
    expect(screen.getByRole("heading", { level: 1, name: "Terms" })).toBeInTheDocument();
    expect(screen.getByText("Agree to these.")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "I agree" })).toBeEnabled();
  });

  it("lets a screen that draws with its data name the tab after it (a CMS page), over the route's title", async () => {
    queryClient.clear();
    mockApi({
      "GET /crm/cms/page": ok({ title: "Our partners", content: "<p>Earn.</p>", status: "active" }),
    });
    await drawAt("/pages/merchant/partners");
    expect(screen.getByRole("heading", { level: 1, name: "Our partners" })).toBeInTheDocument();
    expect(document.title).toBe("Our partners | H Coins");
  });

  it(`does not hold the screen back for a slow call: at most ${LOADER_PATIENCE_MS} ms, then the call goes on`, async () => {
    queryClient.clear();
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    let settled = false;
    const loading = runLoader("/register/terms", "/register/terms").then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(LOADER_PATIENCE_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await loading;
    // The screen that draws meanwhile reads the same query when the answer comes.
    answer(new Response(JSON.stringify({ code: 200, payload: { title: "Terms", content: "" } })));
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(cmsPageQuery(TERMS_AND_CONDITIONS).queryKey)).toBeDefined(),
    );
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("of a login-required screen shares the guard's one profile call with the root's loader", async () => {
    queryClient.clear();
    session.setToken("member-token");
    const api = mockApi({ "GET /crm/user/profile": ok({ id: 42 }) });
    const request = new Request(new URL("/qrcode", window.location.origin));
    const root = routes[0]?.loader as Loader;
    const qrcode = children.find((route) => route.path === "/qrcode")?.loader as Loader;
    await Promise.all([root({ request, params: {} }), qrcode({ request, params: {} })]);
    expect(api.called("GET /crm/user/profile")).toHaveLength(1);
    expect(queryClient.getQueryData(userQuery.queryKey)).toEqual({ id: 42 });
  });

  it("keeps a failure for the screen, which shows it without asking again", async () => {
    queryClient.clear();
    const api = mockApi({ "GET /crm/cms/page": fail(503, 5030, "down") });
    await drawAt("/register/terms");
    expect(
      screen.getByText("The service is temporarily unavailable, please try again later."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(api.called("GET /crm/cms/page")).toHaveLength(1);
  });
});

describe("the H Coins screens", () => {
  it("draw with their lazily loaded texts and their data at once", async () => {
    queryClient.clear();
    session.setToken("member-token");
    mockApi({
      "GET /crm/user/profile": ok({ id: 42 }),
      "POST /custom-api/custom/cuapp/customer/hcoin-balance": ok(balanceAnswer()),
      "POST /custom-api/custom/cuapp/customer/hcoin-history": ok({
        entries: [],
        page: 1,
        page_size: 20,
        total: 0,
      }),
    });
    await drawAt("/coins");
    expect(screen.getByRole("heading", { level: 1, name: "My H\u00a0Coins" })).toBeInTheDocument();
    expect(screen.getByText("12,345")).toBeInTheDocument();
    expect(screen.getByText("Expiring soon")).toBeInTheDocument();
    session.clearToken();
  });

  it("lets a visitor open the catalogue, but sends them to log in for their vouchers", async () => {
    queryClient.clear();
    mockApi({});
    expect(await runLoader("/rewards", "/rewards")).toBeNull();
    expect(redirectOf(await runLoader("/vouchers", "/vouchers"))).toEqual({
      status: 302,
      location: "/login?redirect=%2Fvouchers",
    });
  });
});

describe("the promotion paths and every unknown path", () => {
  const ANDROID =
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

  it.each(["/reward", "/offer", "/egift", "/abc/def"])(
    "show the open-or-download page at %s, not the store redirect",
    async (path) => {
      mockApi({});
      const replace = vi.fn();
      const real = window.location;
      vi.stubGlobal("location", { origin: real.origin, href: real.href, pathname: real.pathname, replace });
      vi.stubGlobal("navigator", { userAgent: ANDROID, language: "en" });
      try {
        renderApp(routes, path);
        expect(
          await screen.findByRole("heading", { level: 1, name: "Open or Download the app now" }),
        ).toBeInTheDocument();
        expect(replace).not.toHaveBeenCalled();
      } finally {
        vi.unstubAllGlobals();
      }
    },
  );
});
