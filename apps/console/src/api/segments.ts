import { consoleSegments } from "@hcoins/domain/api/console-segments";
import type { SegmentCondition, SegmentDefinition } from "@hcoins/domain/segment-rules";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const segmentsQuery = () =>
  queryOptions({
    queryKey: ["segments"],
    queryFn: async () => (await call(consoleSegments.list)).segments,
  });

export const segmentQuery = (id: number) =>
  queryOptions({
    queryKey: ["segments", id],
    queryFn: async () => (await call(consoleSegments.show, { params: { id } })).segment,
  });

/** The editor's live count: how many members meet these conditions now, asked again when they change. */
export const segmentCountQuery = (conditions: readonly SegmentCondition[]) =>
  queryOptions({
    queryKey: ["segments", "count", conditions],
    queryFn: async () =>
      (await call(consoleSegments.count, { body: { conditions: [...conditions] } })).members,
  });

/** Saving (new: id null) and deleting; the segments are asked again after each. */
export function useSegmentChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: segmentsQuery().queryKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: number | null; body: SegmentDefinition }) =>
        (id === null
          ? await call(consoleSegments.create, { body })
          : await call(consoleSegments.update, { params: { id }, body })
        ).segment,
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call(consoleSegments.remove, { params: { id } }),
      onSuccess: done,
    }),
  };
}
