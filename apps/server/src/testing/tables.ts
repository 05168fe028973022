import type { AuthTables } from "../modules/auth/tables.ts";
import type { CmsTables } from "../modules/cms/tables.ts";
import type { FiguresTables } from "../modules/figures/tables.ts";
import type { MediaTables } from "../modules/media/tables.ts";
import type { MemberTables } from "../modules/members/tables.ts";
import type { SettingsTables } from "../modules/settings/tables.ts";
import type { SmsTables } from "../modules/sms/tables.ts";
import type { StoreTables } from "../modules/stores/tables.ts";
import type { Services } from "../services.ts";

/** Every table of the member server, by the modules that own them. */
export type MemberServerTables = MemberTables &
  AuthTables &
  SmsTables &
  SettingsTables &
  MediaTables &
  CmsTables &
  StoreTables &
  FiguresTables;

/**
 * The app's tables for a test that looks at rows, or changes them behind the services'
 * back (a race, a fault). The server's own code reaches a table only through its module.
 */
export const tablesOf = (services: Services) => services.database.tables<MemberServerTables>();
