import type { Permission } from "@hcoins/domain/api/console";
import type { Key } from "../lib/i18n.ts";
import { holds, type PermissionNeed } from "../lib/permissions.ts";

/** The programme screens: the manager changes, the auditor reads. */
export const PROGRAMME_READ: PermissionNeed = ["programme.edit", "audit.read"];

/** The approvals queue: those who approve decide, the auditor reads. */
export const APPROVALS_READ: PermissionNeed = ["coins.approve", "audit.read"];

/** Brands and stores: the content editor and the programme manager change, the auditor reads. */
export const STORES_READ: PermissionNeed = ["content.edit", "programme.edit", "audit.read"];

/** Referrals: the programme manager sets what they earn; the auditor and customer service read them. */
export const REFERRALS_READ: PermissionNeed = ["programme.edit", "audit.read", "members.read"];

/** The console's screens in its navigation, each shown to the roles whose permissions include its own. */
export const NAVIGATION: readonly { to: string; label: Key; permission: PermissionNeed }[] = [
  // First: the front door of the roles that watch the programme (home-screen.tsx opens the first).
  { to: "/figures", label: "figures.nav", permission: PROGRAMME_READ },
  { to: "/members", label: "nav.members", permission: "members.read" },
  { to: "/approvals", label: "approvals.nav", permission: APPROVALS_READ },
  { to: "/bulk-adjustment", label: "bulkAdjustment.nav", permission: "coins.bulkAdjust" },
  { to: "/audit", label: "nav.audit", permission: "audit.read" },
  { to: "/content/banners", label: "content.nav.banners", permission: "content.edit" },
  { to: "/content/pages", label: "content.nav.pages", permission: "content.edit" },
  { to: "/rewards", label: "programme.nav.rewards", permission: PROGRAMME_READ },
  { to: "/campaigns", label: "campaigns.nav", permission: PROGRAMME_READ },
  { to: "/missions", label: "missions.nav", permission: PROGRAMME_READ },
  { to: "/segments", label: "segments.nav", permission: PROGRAMME_READ },
  { to: "/bonus-days", label: "programme.nav.bonusDays", permission: PROGRAMME_READ },
  { to: "/expiry", label: "programme.nav.expiry", permission: PROGRAMME_READ },
  { to: "/tiers", label: "programme.nav.tiers", permission: PROGRAMME_READ },
  { to: "/brands", label: "stores.nav.brands", permission: STORES_READ },
  { to: "/stores", label: "stores.nav.stores", permission: STORES_READ },
  { to: "/store-partners", label: "programme.nav.stores", permission: PROGRAMME_READ },
  { to: "/till-keys", label: "programme.nav.tillKeys", permission: PROGRAMME_READ },
  { to: "/referrals", label: "referrals.nav", permission: REFERRALS_READ },
  { to: "/operators", label: "operators.nav", permission: "operators.manage" },
];

export const navigationFor = (permissions: readonly Permission[]) =>
  NAVIGATION.filter((item) => holds(permissions, item.permission));
