// The shell's reads: the signed-in user's roles. The only shell file naming a table.
import type { SupabaseClient } from "@supabase/supabase-js";
import * as z from "zod/mini";
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { ROLES, type Role } from "../paths.ts";

const roleRows = z.array(z.object({ role: z.enum(ROLES) }));

export async function fetchOwnRoles(supabase: SupabaseClient, userId: string): Promise<Role[]> {
  const { data, error } = await supabase.from("user_roles").select("role").eq("user_id", userId);
  if (error) throw new Error(error.message);
  const roles = roleRows.parse(data).map((row) => row.role);
  return ROLES.filter((role) => roles.includes(role));
}

export function ownRolesStore(userId: string) {
  return createFetcherStore<Role[]>(["roles", userId], { fetcher: () => fetchOwnRoles(getSupabase(), userId) });
}

/** The role last chosen on /dashboard, remembered in the browser. */
const LAST_ROLE_KEY = "uel-dashboard-role";

export function rememberedRole(): Role | undefined {
  try {
    const value = localStorage.getItem(LAST_ROLE_KEY);
    return ROLES.find((role) => role === value);
  } catch {
    return undefined;
  }
}

export function rememberRole(role: Role): void {
  try {
    localStorage.setItem(LAST_ROLE_KEY, role);
  } catch {
    // Storage blocked: the selector simply asks again next time.
  }
}
