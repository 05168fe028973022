import type { ConsoleBodyOf } from "@hcoins/domain/api/console";
import { consoleCampaigns } from "@hcoins/domain/api/console-campaigns";
import type { CampaignDefinition } from "@hcoins/domain/campaign-rules";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "./client.ts";

export const campaignsQuery = () =>
  queryOptions({ queryKey: ["campaigns"], queryFn: () => call(consoleCampaigns.list) });

export const campaignQuery = (id: number) =>
  queryOptions({
    queryKey: ["campaigns", id],
    queryFn: async () => (await call(consoleCampaigns.show, { params: { id } })).campaign,
  });

/** What the unsaved form would have issued over the last `days` days; changes nothing. */
export const dryRun = async (campaign: CampaignDefinition, days: number) =>
  (
    await call(consoleCampaigns.dryRun, {
      body: { campaign, days } satisfies ConsoleBodyOf<typeof consoleCampaigns.dryRun>,
    })
  ).dry_run;

/** Saving (new: id null), asking for activation, pausing, ending; the campaigns are asked again after each. */
export function useCampaignChange() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: campaignsQuery().queryKey });
  return {
    save: useMutation({
      mutationFn: async ({ id, body }: { id: number | null; body: CampaignDefinition }) =>
        (id === null
          ? await call(consoleCampaigns.create, { body })
          : await call(consoleCampaigns.update, { params: { id }, body })
        ).campaign,
      onSuccess: done,
    }),
    requestActivation: useMutation({
      mutationFn: async ({ id, note, dryRunDays }: { id: number; note: string; dryRunDays: number }) =>
        (
          await call(consoleCampaigns.requestActivation, {
            params: { id },
            body: { note, dry_run_days: dryRunDays },
          })
        ).approval_id,
      onSuccess: () => client.invalidateQueries({ queryKey: ["approvals"] }),
    }),
    pause: useMutation({
      mutationFn: async (id: number) => (await call(consoleCampaigns.pause, { params: { id } })).campaign,
      onSuccess: done,
    }),
    end: useMutation({
      mutationFn: async (id: number) => (await call(consoleCampaigns.end, { params: { id } })).campaign,
      onSuccess: done,
    }),
  };
}
