import { QueryClient, useQuery } from "@tanstack/react-query";
import { cleanup, screen } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { renderRouter } from "./render.ts";

afterEach(cleanup);

function Greeting() {
  const greeting = useQuery({ queryKey: ["greeting"], queryFn: async () => "Hello from the cache" });
  return createElement("p", null, greeting.data ?? "…");
}

describe("renderRouter", () => {
  it("draws the router's screen inside the query client and the app's own providers", async () => {
    const client = new QueryClient();
    const router = createMemoryRouter([{ path: "/hello", Component: Greeting }], {
      initialEntries: ["/hello"],
    });
    const wrap = (children: ReactNode) => createElement("main", { "aria-label": "App" }, children);
    const view = renderRouter(router, { client, wrap });
    const text = await screen.findByText("Hello from the cache");
    expect(screen.getByRole("main", { name: "App" }).contains(text)).toBe(true);
    expect(view.router).toBe(router);
    expect(view.client.getQueryData(["greeting"])).toBe("Hello from the cache");
  });
});
