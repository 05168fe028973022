import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, mockApi, ok, renderConsole, session } from "../../lib/test-app.tsx";
import { memberDetail, memberSummary } from "./member-fixtures.ts";

describe("finding a member", () => {
  it("searches by one box, lists the matches and opens the member's page", async () => {
    const api = mockApi({
      "GET /session": session("customerService"),
      "GET /members": ok({ members: [memberSummary] }),
      "GET /members/42": ok(memberDetail()),
    });
    const { router } = renderConsole("/members");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Find a member"), "+852 9123 4567");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("1 member found")).toBeInTheDocument();
    expect(api.called("GET /members")[0]?.url.searchParams.get("q")).toBe("+852 9123 4567");
    expect(router.state.location.search).toBe("?q=%2B852+9123+4567");
    expect(screen.getByRole("cell", { name: "+852 91234567" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Registered" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Chan Tai Man" }));
    expect(await screen.findByRole("heading", { name: /Chan Tai Man/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/console/members/42");
  });

  it("says when nothing matches", async () => {
    mockApi({ "GET /session": session("customerService"), "GET /members": ok({ members: [] }) });
    renderConsole("/members?q=nobody%40example.com");
    expect(await screen.findByText("No member matches “nobody@example.com”.")).toBeInTheDocument();
  });

  it("shows a refusal as not allowed", async () => {
    mockApi({ "GET /session": session("customerService"), "GET /members": fail(403, 4030, "Forbidden") });
    renderConsole("/members?q=x");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your role is not allowed to do this.");
  });
});
