import { parseArgs } from "node:util";
import type { Services } from "../services.ts";
import { cliActor } from "./cli-actor.ts";
import { CliError, parseCommandArgs } from "./command.ts";

export const BANNER_MOVE_USAGE = "banner-move <id> <up|down>";
export const BANNER_DELETE_USAGE = "banner-delete <id>";
export const PAGE_DELETE_USAGE = "page-delete <id>";

function idArgument(kind: "banner" | "page", raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new CliError(`${kind} id "${raw}" must be a number (see ${kind}-list)`);
  return Number(raw);
}

const positionalsOf = (usage: string, names: string[], args: string[]) =>
  parseCommandArgs(usage, names, () => parseArgs({ args, allowPositionals: true, strict: true, options: {} }))
    .positionals as string[];

/** The console's reorder: swaps the banner with its neighbour in its location; one audit entry. */
export async function bannerMove(services: Services, args: string[]): Promise<string> {
  const [rawId = "", direction = ""] = positionalsOf(BANNER_MOVE_USAGE, ["id", "direction"], args);
  const id = idArgument("banner", rawId);
  if (direction !== "up" && direction !== "down")
    throw new CliError(`direction "${direction}" must be up or down`);
  const banners = await services.cmsEditor.moveBanner(id, direction, cliActor());
  if (!banners) throw new CliError(`no banner has id ${id} (see banner-list); nothing changed`);
  const moved = banners.find((banner) => banner.id === id);
  const order = banners.filter((banner) => banner.location === moved?.location).map((banner) => banner.id);
  return `Banner order at ${moved?.location}: ${order.join(", ")}.`;
}

/** The console's delete: the banner goes (its images stay in the media store); one audit entry. */
export async function bannerDelete(services: Services, args: string[]): Promise<string> {
  const [rawId = ""] = positionalsOf(BANNER_DELETE_USAGE, ["id"], args);
  const id = idArgument("banner", rawId);
  if (!(await services.cmsEditor.deleteBanner(id, cliActor())))
    throw new CliError(`no banner has id ${id} (see banner-list); nothing changed`);
  return `Banner ${id} deleted.`;
}

export async function pageDelete(services: Services, args: string[]): Promise<string> {
  const [rawId = ""] = positionalsOf(PAGE_DELETE_USAGE, ["id"], args);
  const id = idArgument("page", rawId);
  if (!(await services.cmsEditor.deletePage(id, cliActor())))
    throw new CliError(`no page has id ${id} (see page-list); nothing changed`);
  return `Page ${id} deleted.`;
}
