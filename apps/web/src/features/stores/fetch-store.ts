import { request } from "../../lib/api-client.ts";
import type { Store } from "./store.ts";

/** GET /crm/store/{id}: one active store; unknown or hidden answers 404/4040. */
export const fetchStore = (id: string) => request<Store>("GET", "crm", `/store/${encodeURIComponent(id)}`);
