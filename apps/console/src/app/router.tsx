import type { QueryClient } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { BASENAME } from "../lib/paths.ts";
import type { PermissionNeed } from "../lib/permissions.ts";
import { requireSession } from "./guard.ts";
import { HomeScreen } from "./home-screen.tsx";
import { APPROVALS_READ, PROGRAMME_READ, STORES_READ } from "./navigation.ts";
import { RouteError } from "./route-error.tsx";
import { Shell } from "./shell.tsx";

/** What a screen's route says of itself: its title key and the permission it needs (the shell checks it). */
export interface ScreenHandle {
  title: string;
  permission?: PermissionNeed;
}

const lazyScreen =
  (load: () => Promise<Record<string, unknown>>, name: string) =>
  async (): Promise<{ Component: ComponentType }> => ({ Component: (await load())[name] as ComponentType });

export function routes(client: QueryClient): RouteObject[] {
  return [
    {
      path: "/sign-in",
      handle: { title: "signIn.title" } satisfies ScreenHandle,
      HydrateFallback: NoFallback,
      lazy: lazyScreen(() => import("../features/sign-in/sign-in-page.tsx"), "SignInPage"),
    },
    {
      path: "/invitation",
      handle: { title: "invitation.title" } satisfies ScreenHandle,
      HydrateFallback: NoFallback,
      lazy: lazyScreen(() => import("../features/invitation/invitation-page.tsx"), "InvitationPage"),
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
          lazy: lazyScreen(() => import("../features/figures/figures-page.tsx"), "FiguresPage"),
        },
        {
          path: "members",
          handle: { title: "members.title", permission: "members.read" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/members/member-search-page.tsx"), "MemberSearchPage"),
        },
        {
          path: "members/:id",
          handle: { title: "member.title", permission: "members.read" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/members/member-page.tsx"), "MemberPage"),
        },
        {
          path: "bulk-adjustment",
          handle: { title: "bulkAdjustment.title", permission: "coins.bulkAdjust" } satisfies ScreenHandle,
          lazy: lazyScreen(
            () => import("../features/bulk-adjustment/bulk-adjustment-page.tsx"),
            "BulkAdjustmentPage",
          ),
        },
        {
          path: "approvals",
          handle: { title: "approvals.title", permission: APPROVALS_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/approvals/approvals-page.tsx"), "ApprovalsPage"),
        },
        {
          path: "audit",
          handle: { title: "audit.title", permission: "audit.read" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/audit/audit-page.tsx"), "AuditPage"),
        },
        {
          path: "content/banners",
          handle: { title: "content.banners.title", permission: "content.edit" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/content/banners-page.tsx"), "BannersPage"),
        },
        {
          path: "content/pages",
          handle: { title: "content.pages.title", permission: "content.edit" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/content/pages-page.tsx"), "PagesPage"),
        },
        {
          path: "operators",
          handle: { title: "operators.title", permission: "operators.manage" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/operators/operators-page.tsx"), "OperatorsPage"),
        },
        {
          path: "operators/:id",
          handle: { title: "operatorLifecycle.title", permission: "operators.manage" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/operators/operator-page.tsx"), "OperatorPage"),
        },
        {
          path: "rewards",
          handle: { title: "programme.rewards.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/rewards-page.tsx"), "RewardsPage"),
        },
        {
          path: "rewards/new",
          handle: { title: "programme.reward.newTitle", permission: "programme.edit" } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/reward-form-page.tsx"), "RewardFormPage"),
        },
        {
          path: "rewards/:id",
          handle: { title: "programme.reward.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/reward-form-page.tsx"), "RewardFormPage"),
        },
        {
          path: "bonus-days",
          handle: { title: "programme.bonusDays.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/bonus-days-page.tsx"), "BonusDaysPage"),
        },
        {
          path: "expiry",
          handle: { title: "programme.expiry.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/expiry-page.tsx"), "ExpiryPage"),
        },
        {
          path: "store-partners",
          handle: { title: "programme.stores.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(
            () => import("../features/programme/store-partners-page.tsx"),
            "StorePartnersPage",
          ),
        },
        {
          path: "brands",
          handle: { title: "stores.brands.title", permission: STORES_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/stores/brands-page.tsx"), "BrandsPage"),
        },
        {
          path: "stores",
          handle: { title: "stores.list.title", permission: STORES_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/stores/stores-page.tsx"), "StoresPage"),
        },
        {
          path: "till-keys",
          handle: { title: "programme.tillKeys.title", permission: PROGRAMME_READ } satisfies ScreenHandle,
          lazy: lazyScreen(() => import("../features/programme/till-keys-page.tsx"), "TillKeysPage"),
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
