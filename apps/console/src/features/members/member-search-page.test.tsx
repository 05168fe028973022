import { fail, ok } from "@hcoins/web-kit/testing/mock-api";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "../../lib/i18n.ts";
import { mockApi, renderConsole, session } from "../../lib/test-app.tsx";
import { memberDetail, memberSummary } from "./member-fixtures.ts";

describe("finding a member", () => {
  it("searches by one box, lists the matches and opens the member's page", async () => {
    const api = mockApi({
      "GET /session": session("customerService"),
      "GET /members": ok({ members: [{ ...memberSummary, matched: "phone" }], total: 1 }),
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
    expect(screen.getByRole("cell", { name: "Mobile number" })).toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Chan Tai Man" }));
    expect(await screen.findByRole("heading", { name: /Chan Tai Man/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/console/members/42");
  });

  it("says when nothing matches", async () => {
    mockApi({ "GET /session": session("customerService"), "GET /members": ok({ members: [], total: 0 }) });
    renderConsole("/members?q=nobody%40example.com");
    expect(await screen.findByText("No member matches “nobody@example.com”.")).toBeInTheDocument();
  });

  it("shows a refusal as not allowed", async () => {
    mockApi({ "GET /session": session("customerService"), "GET /members": fail(403, 4030, "Forbidden") });
    renderConsole("/members?q=xyz");
    expect(await screen.findByRole("alert")).toHaveTextContent("Your role is not allowed to do this.");
  });

  it("pages the matches and sorts them by a column header, the order in the address", async () => {
    const api = mockApi({
      "GET /session": session("customerService"),
      "GET /members": ({ url }) =>
        ok({
          members: [
            { ...memberSummary, id: url.searchParams.get("page") === "2" ? 62 : 42, matched: "text" },
          ],
          total: 45,
        }),
    });
    const { router } = renderConsole("/members?q=chan");
    expect(await screen.findByText("45 members found")).toBeInTheDocument();
    const user = userEvent.setup();
    const name = screen.getByRole("columnheader", { name: /Name/ });
    expect(name).toHaveAttribute("aria-sort", "ascending");
    await user.click(within(name).getByRole("button"));
    expect(await screen.findByRole("columnheader", { name: /Name/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );
    await user.click(within(screen.getByRole("columnheader", { name: /Email/ })).getByRole("button"));
    expect(router.state.location.search).toBe("?q=chan&sort=email&dir=asc");
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(Object.fromEntries(api.called("GET /members").at(-1)?.url.searchParams ?? [])).toEqual({
      q: "chan",
      page: "2",
      page_size: "20",
      sort: "email",
      dir: "asc",
    });
  });

  it("says a text is too short before asking, in the operator's language", async () => {
    const api = mockApi({ "GET /session": session("customerService") });
    await changeLanguage("sc");
    renderConsole("/members");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("查找会员"), "ab");
    await user.click(screen.getByRole("button", { name: "搜索" }));
    expect(await screen.findByText("请输入至少 3 个字符。")).toBeInTheDocument();
    expect(screen.getByLabelText("查找会员")).toHaveAttribute("aria-invalid", "true");
    expect(api.called("GET /members")).toHaveLength(0);
  });
});
