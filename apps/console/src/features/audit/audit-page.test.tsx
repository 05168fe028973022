import { ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";

const entry = (id: number) => ({
  id,
  at: "2026-11-27T02:15:00Z",
  actor: "operator:cs@example.com",
  action: "member.unlock",
  target: "member:42",
  before: { locked: true },
  after: { locked: false },
  address: "203.0.113.7",
});

describe("the audit log", () => {
  it("lists entries, filters by the URL, pages and links the CSV of the same filters", async () => {
    const api = mockApi({
      "GET /session": session("auditor"),
      "GET /audit": ({ url }) =>
        ok({ entries: [entry(url.searchParams.get("page") === "2" ? 51 : 1)], total: 120 }),
    });
    const { router } = renderConsole("/audit");
    expect(await screen.findByText("120 entries")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "locked: true" })).toBeInTheDocument();
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Action"), "member.unlock");
    await user.type(screen.getByLabelText("Target"), "member:42");
    const from = screen.getByLabelText("From (day)");
    await user.type(from, "2026-11-01");
    await user.click(screen.getByRole("button", { name: "Apply filters" }));
    await screen.findByText("120 entries");
    expect(router.state.location.search).toBe("?action=member.unlock&target=member%3A42&from=2026-11-01");
    const filtered = api.called("GET /audit").at(-1)?.url.searchParams;
    expect(Object.fromEntries(filtered ?? [])).toEqual({
      action: "member.unlock",
      target: "member:42",
      from: "2026-11-01T00:00:00+08:00",
      page: "1",
      page_size: "50",
      dir: "desc",
    });
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      "/console/api/audit.csv?action=member.unlock&target=member%3A42&from=2026-11-01T00%3A00%3A00%2B08%3A00",
    );

    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(api.called("GET /audit").at(-1)?.url.searchParams.get("page")).toBe("2");
    expect(screen.getByRole("button", { name: "Previous page" })).toBeEnabled();

    // Oldest first from the time column's header, back to the first page.
    const time = screen.getByRole("columnheader", { name: /Time/ });
    expect(time).toHaveAttribute("aria-sort", "descending");
    await user.click(within(time).getByRole("button"));
    expect(await screen.findByRole("columnheader", { name: /Time/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
    expect(api.called("GET /audit").at(-1)?.url.searchParams.get("dir")).toBe("asc");
    expect(api.called("GET /audit").at(-1)?.url.searchParams.get("page")).toBe("1");
  });

  it("says when nothing matches", async () => {
    mockApi({ "GET /session": session("administrator"), "GET /audit": ok({ entries: [], total: 0 }) });
    renderConsole("/audit?actor=nobody");
    expect(await screen.findByText("No entry matches these filters.")).toBeInTheDocument();
    expect(screen.getByLabelText("Actor")).toHaveValue("nobody");
  });
});
