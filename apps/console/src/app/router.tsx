import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type RouteObject } from "react-router";
import { BASENAME } from "../lib/paths.ts";
import { requireSession } from "./guard.ts";
import { HomeScreen } from "./home-screen.tsx";
import { APPROVALS_READ, PROGRAMME_READ, REFERRALS_READ, STORES_READ } from "./navigation.ts";
import { RouteError } from "./route-error.tsx";
import { type ScreenHandle, Shell } from "./shell.tsx";

/**
 * The console's screens. Each lazy route loads its page module, which exports what React Router
 * reads from a route by those names: `Component`, and `loader` where a screen asks for data
 * before it draws (docs/adding-a-screen.md).
 */
export function routes(client: QueryClient): RouteObject[] {
  return [
    {
      path: "/sign-in",
      handle: { title: "signIn.title" } satisfies ScreenHandle,
      HydrateFallback: NoFallback,
      lazy: () => import("../features/sign-in/sign-in-page.tsx"),
    },
    {
      path: "/invitation",
      handle: { title: "invitation.title" } satisfies ScreenHandle,
      HydrateFallback: NoFallback,
      lazy: () => import("../features/invitation/invitation-page.tsx"),
    },
    {
      path: "/",
      Component: Shell,
      ErrorBoundary: RouteError,
      HydrateFallback: NoFallback,
      loader: requireSession(client),
      shouldRevalidate: () => false,
      children: [
        { index: true, Component: HomeScreen, handle: { title: "home.title" } satisfies ScreenHandle },
        {
          path: "figures",
          handle: { title: "figures.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/figures/figures-page.tsx"),
        },
        {
          path: "members",
          handle: { title: "members.title", permission: "members.read" } satisfies ScreenHandle,
          lazy: () => import("../features/members/member-search-page.tsx"),
        },
        {
          path: "members/:id",
          handle: { title: "member.title", permission: "members.read" } satisfies ScreenHandle,
          lazy: () => import("../features/members/member-page.tsx"),
        },
        {
          path: "bulk-adjustment",
          handle: { title: "bulkAdjustment.title", permission: "coins.bulkAdjust" } satisfies ScreenHandle,
          lazy: () => import("../features/bulk-adjustment/bulk-adjustment-page.tsx"),
        },
        {
          path: "approvals",
          handle: { title: "approvals.title", permission: APPROVALS_READ } satisfies ScreenHandle,
          lazy: () => import("../features/approvals/approvals-page.tsx"),
        },
        {
          path: "audit",
          handle: { title: "audit.title", permission: "audit.read" } satisfies ScreenHandle,
          lazy: () => import("../features/audit/audit-page.tsx"),
        },
        {
          path: "content/banners",
          handle: { title: "content.banners.title", permission: "content.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/content/banners-page.tsx"),
        },
        {
          path: "content/pages",
          handle: { title: "content.pages.title", permission: "content.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/content/pages-page.tsx"),
        },
        {
          path: "operators",
          handle: { title: "operators.title", permission: "operators.manage" } satisfies ScreenHandle,
          lazy: () => import("../features/operators/operators-page.tsx"),
        },
        {
          path: "operators/:id",
          handle: { title: "operatorLifecycle.title", permission: "operators.manage" } satisfies ScreenHandle,
          lazy: () => import("../features/operators/operator-page.tsx"),
        },
        {
          path: "rewards",
          handle: { title: "programme.rewards.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/rewards-page.tsx"),
        },
        {
          path: "rewards/new",
          handle: { title: "programme.reward.newTitle", permission: "programme.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/programme/reward-form-page.tsx"),
        },
        {
          path: "rewards/:id",
          handle: { title: "programme.reward.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/reward-form-page.tsx"),
        },
        {
          path: "campaigns",
          handle: { title: "campaigns.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/campaigns/campaigns-page.tsx"),
        },
        {
          path: "campaigns/new",
          handle: { title: "campaigns.newTitle", permission: "programme.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/campaigns/campaign-form-page.tsx"),
        },
        {
          path: "campaigns/:id",
          handle: { title: "campaigns.campaignTitle", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/campaigns/campaign-form-page.tsx"),
        },
        {
          path: "missions",
          handle: { title: "missions.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/missions/missions-page.tsx"),
        },
        {
          path: "missions/new",
          handle: { title: "missions.newTitle", permission: "programme.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/missions/mission-form-page.tsx"),
        },
        {
          path: "missions/:id",
          handle: { title: "missions.missionTitle", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/missions/mission-form-page.tsx"),
        },
        {
          path: "segments",
          handle: { title: "segments.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/segments/segments-page.tsx"),
        },
        {
          path: "segments/new",
          handle: { title: "segments.newTitle", permission: "programme.edit" } satisfies ScreenHandle,
          lazy: () => import("../features/segments/segment-form-page.tsx"),
        },
        {
          path: "segments/:id",
          handle: { title: "segments.segmentTitle", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/segments/segment-form-page.tsx"),
        },
        {
          path: "bonus-days",
          handle: { title: "programme.bonusDays.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/bonus-days-page.tsx"),
        },
        {
          path: "expiry",
          handle: { title: "programme.expiry.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/expiry-page.tsx"),
        },
        {
          path: "tiers",
          handle: { title: "programme.tiers.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/tiers-page.tsx"),
        },
        {
          path: "store-partners",
          handle: { title: "programme.stores.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/store-partners-page.tsx"),
        },
        {
          path: "brands",
          handle: { title: "stores.brands.title", permission: STORES_READ } satisfies ScreenHandle,
          lazy: () => import("../features/stores/brands-page.tsx"),
        },
        {
          path: "stores",
          handle: { title: "stores.list.title", permission: STORES_READ } satisfies ScreenHandle,
          lazy: () => import("../features/stores/stores-page.tsx"),
        },
        {
          path: "till-keys",
          handle: { title: "programme.tillKeys.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: () => import("../features/programme/till-keys-page.tsx"),
        },
        {
          path: "referrals",
          handle: { title: "referrals.title", permission: REFERRALS_READ } satisfies ScreenHandle,
          lazy: () => import("../features/referrals/referrals-page.tsx"),
        },
        { path: "*", Component: NotFound, handle: { title: "notFound.title" } satisfies ScreenHandle },
      ],
    },
  ];
}

/** The first load shows nothing until the guard has decided (sign-in or the screen). */
function NoFallback() {
  return null;
}

function NotFound() {
  return <RouteError notFound />;
}

export const createRouter = (client: QueryClient) =>
  createBrowserRouter(routes(client), { basename: BASENAME });
