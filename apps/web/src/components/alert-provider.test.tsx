import { QueryClientProvider, useMutation } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { AlertProvider } from "./alert-provider.tsx";

function Save({ onError }: { onError?: () => void }) {
  const save = useMutation({
    mutationFn: () => Promise.reject(new ApiError(409, 40010, "taken")),
    ...(onError ? { onError } : {}),
  });
  return (
    <button type="button" onClick={() => save.mutate()} aria-busy={save.isPending || undefined}>
      Save
    </button>
  );
}

const renderSave = (onError?: () => void) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AlertProvider>
        <Save {...(onError ? { onError } : {})} />
      </AlertProvider>
    </QueryClientProvider>,
  );

describe("the mutations' default on failure", () => {
  it("alerts what the failure means, and the mutation settles once the member has closed it", async () => {
    renderSave();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Save" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(
      "The email address is already registered, Please enter another email address.",
    );
    expect(screen.getByRole("button", { name: "Save", hidden: true })).toHaveAttribute("aria-busy", "true");
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save" })).not.toHaveAttribute("aria-busy"),
    );
  });

  it("stays out of the way of a mutation with an onError of its own", async () => {
    const onError = vi.fn();
    renderSave(onError);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onError).toHaveBeenCalled());
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
