import { consoleMissions } from "@hcoins/domain/api/console-missions";
import type { MissionDefinition } from "@hcoins/domain/mission-rules";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const missionsQuery = () =>
  queryOptions({ queryKey: ["missions"], queryFn: () => call(consoleMissions.list) });

export const missionQuery = (id: number) =>
  queryOptions({
    queryKey: ["missions", id],
    queryFn: async () => (await call(consoleMissions.show, { params: { id } })).mission,
  });

/** Saving (new: id null), asking for activation, pausing, ending; the missions are asked again after each. */
export function useMissionChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: missionsQuery().queryKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: number | null; body: MissionDefinition }) =>
        (id === null
          ? await call(consoleMissions.create, { body })
          : await call(consoleMissions.update, { params: { id }, body })
        ).mission,
      onSuccess: done,
    }),
    requestActivation: useMutation({
      mutationFn: async ({ id, note }: { id: number; note: string }) =>
        (await call(consoleMissions.requestActivation, { params: { id }, body: { note } })).approval_id,
      onSuccess: () => client.invalidateQueries({ queryKey: ["approvals"] }),
    }),
    pause: useMutation({
      mutationFn: async (id: number) => (await call(consoleMissions.pause, { params: { id } })).mission,
      onSuccess: done,
    }),
    end: useMutation({
      mutationFn: async (id: number) => (await call(consoleMissions.end, { params: { id } })).mission,
      onSuccess: done,
    }),
  };
}
