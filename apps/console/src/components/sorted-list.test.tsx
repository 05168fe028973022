import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ListTable } from "./list-table.tsx";
import { Pager } from "./pager.tsx";
import { useSortedPage } from "./use-sorted-page.ts";

const ROWS = [
  { name: "Tea set", coins: 300 },
  { name: "apple pie", coins: 20 },
  { name: "Cake", coins: 1000 },
];

function Catalogue() {
  const list = useSortedPage(ROWS, { name: (row) => row.name, coins: (row) => row.coins }, null, 2);
  return (
    <>
      <ListTable
        caption="Rewards"
        head={[
          { label: "Name", column: "name" },
          { label: "Coins", column: "coins" },
        ]}
        sort={list.sort}
        onSort={list.setSort}
        empty="None"
        count={ROWS.length}
      >
        {list.rows.map((row) => (
          <tr key={row.name}>
            <td>{row.name}</td>
            <td>{row.coins}</td>
          </tr>
        ))}
      </ListTable>
      <Pager page={list.page} pages={list.pages} onPage={list.setPage} label="Reward pages" />
    </>
  );
}

const names = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => row.firstChild?.textContent);

describe("a small list sorted and paged in the browser", () => {
  it("keeps the server's order until a header is pressed, then sorts (numbers as numbers, any case) and pages", async () => {
    render(<Catalogue />);
    const user = userEvent.setup();
    expect(names()).toEqual(["Tea set", "apple pie"]);
    const coins = screen.getByRole("columnheader", { name: /Coins/ });
    expect(coins).not.toHaveAttribute("aria-sort");
    await user.click(within(coins).getByRole("button"));
    expect(screen.getByRole("columnheader", { name: /Coins/ })).toHaveAttribute("aria-sort", "ascending");
    expect(names()).toEqual(["apple pie", "Tea set"]);
    await user.click(screen.getByRole("button", { name: "Next page" }));
    expect(names()).toEqual(["Cake"]);
    expect(screen.getByText("Page 2 of 2")).toBeInTheDocument();
    // Another column starts again on the first page.
    await user.click(within(screen.getByRole("columnheader", { name: /Name/ })).getByRole("button"));
    expect(names()).toEqual(["apple pie", "Cake"]);
    await user.click(within(screen.getByRole("columnheader", { name: /Name/ })).getByRole("button"));
    expect(screen.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "descending");
    expect(names()).toEqual(["Tea set", "Cake"]);
  });
});
