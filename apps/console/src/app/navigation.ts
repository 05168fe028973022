import type { Permission } from "@hcoins/domain/api/console";

/** The console's screens in its navigation, each shown to the roles whose permissions include its own. */
export const NAVIGATION: readonly { to: string; label: string; permission: Permission }[] = [
  { to: "/members", label: "nav.members", permission: "members.read" },
  { to: "/audit", label: "nav.audit", permission: "audit.read" },
  { to: "/rewards", label: "programme.nav.rewards", permission: "programme.edit" },
  { to: "/bonus-days", label: "programme.nav.bonusDays", permission: "programme.edit" },
  { to: "/expiry", label: "programme.nav.expiry", permission: "programme.edit" },
  { to: "/store-partners", label: "programme.nav.stores", permission: "programme.edit" },
];

export const navigationFor = (permissions: readonly Permission[]) =>
  NAVIGATION.filter((item) => permissions.includes(item.permission));
