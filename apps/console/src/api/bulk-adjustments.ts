import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { bulkLineErrorSchema, consoleBulkAdjustments } from "@hcoins/domain/api/console-bulk-adjustments";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ApiError, call } from "./client.ts";

export type BulkAdjustmentInput = ConsoleBodyOf<typeof consoleBulkAdjustments.request>;

/** Sends the list; a valid one is one pending approval request (the queue is read again). */
export function useRequestBulkAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkAdjustmentInput) => call(consoleBulkAdjustments.request, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["approvals"] }),
  });
}

const lineErrors = z.array(bulkLineErrorSchema);

/** The refused lines a 4284 named (line, member number, rule); none for any other failure. */
export function refusedLines(error: unknown): z.output<typeof lineErrors> {
  if (!(error instanceof ApiError)) return [];
  const parsed = lineErrors.safeParse(error.details.lines);
  return parsed.success ? parsed.data : [];
}
