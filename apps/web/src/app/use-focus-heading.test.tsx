import { mockApi } from "@hcoins/web-kit/testing/mock-api";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { describe, expect, it } from "vitest";
import { renderApp } from "../lib/test-app.tsx";
import { RootLayout } from "./root-layout.tsx";

/** Draws LateScreen's heading, as its data coming would; set while LateScreen is open. */
let drawLateHeading: (() => void) | undefined;

/** A screen that draws its heading only after its data has come (as a screen without a route loader). */
function LateScreen() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    drawLateHeading = () => setReady(true);
    return () => {
      drawLateHeading = undefined;
    };
  }, []);
  return ready ? <h1>Late heading</h1> : <p>Loading…</p>;
}

/** A screen that focuses its own field when it opens. */
function FieldScreen() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <>
      <h1>Field screen</h1>
      <label>
        Code <input ref={field} />
      </label>
    </>
  );
}

const routes = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      {
        index: true,
        element: (
          <>
            <h1>Home heading</h1>
            <Link to="/next">Next screen</Link>
            <Link to="/late">Late screen</Link>
            <Link to="/field">Field screen</Link>
            <Link to="/?page=2">Same screen, page 2</Link>
          </>
        ),
      },
      {
        path: "next",
        element: (
          <>
            <h1>Next heading</h1>
            <Link to="/">Back home</Link>
          </>
        ),
      },
      { path: "late", Component: LateScreen },
      { path: "field", Component: FieldScreen },
    ],
  },
];

describe("focus on navigation", () => {
  it("stays where the browser puts it on the first load", async () => {
    mockApi({});
    renderApp(routes, "/");
    expect(await screen.findByRole("heading", { level: 1, name: "Home heading" })).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to the new screen's heading after a navigation by keyboard, and back again", async () => {
    mockApi({});
    renderApp(routes, "/");
    const next = await screen.findByRole("link", { name: "Next screen" });
    next.focus();
    await userEvent.keyboard("{Enter}");
    const heading = await screen.findByRole("heading", { level: 1, name: "Next heading" });
    expect(heading).toHaveFocus();
    // Focusable by script, not a stop of the Tab order.
    expect(heading).toHaveAttribute("tabindex", "-1");

    await userEvent.click(screen.getByRole("link", { name: "Back home" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Home heading" })).toHaveFocus();
  });

  it("waits for a heading the screen draws late", async () => {
    mockApi({});
    renderApp(routes, "/");
    await userEvent.click(await screen.findByRole("link", { name: "Late screen" }));
    await screen.findByText("Loading…");
    act(() => drawLateHeading?.());
    expect(await screen.findByRole("heading", { level: 1, name: "Late heading" })).toHaveFocus();
  });

  it("leaves the focus a new screen gives its own field", async () => {
    mockApi({});
    renderApp(routes, "/");
    await userEvent.click(await screen.findByRole("link", { name: "Field screen" }));
    await screen.findByRole("heading", { level: 1, name: "Field screen" });
    expect(screen.getByRole("textbox", { name: "Code" })).toHaveFocus();
  });

  it("does not move on a new query of the same screen", async () => {
    mockApi({});
    const { router } = renderApp(routes, "/");
    const link = await screen.findByRole("link", { name: "Same screen, page 2" });
    await userEvent.click(link);
    await act(async () => {});
    expect(router.state.location.search).toBe("?page=2");
    expect(link).toHaveFocus();
  });
});
