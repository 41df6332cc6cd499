// PostgREST's in-database configuration, taken as a hosted project takes it: a migration
// runs `alter role authenticator set pgrst.<setting> = '…'` and `notify pgrst, 'reload
// config'`. The local stack reads the authenticator role's settings at start (after the
// migrations) and again on that notification. Honoured: pgrst.db_aggregates_enabled
// (count(), sum()… in a select; off by default, as on hosted, where a select using them
// is refused with PGRST123). Other pgrst.* settings are not read.
import type { App } from "@supabase/lite";
import type { PgliteConnection } from "@supabase/lite/pglite";

type Db = PgliteConnection["driver"];
type AppConfig = App["config"];

/** The authenticator role's pgrst.* settings (alter role … set, for every database or this one). */
export async function readPostgrestSettings(db: Db): Promise<Map<string, string>> {
  const { rows } = await db.query<{ setting: string }>(
    `select unnest(s.setconfig) as setting
       from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where r.rolname = 'authenticator'
        and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by s.setdatabase`,
  );
  const settings = new Map<string, string>();
  for (const { setting } of rows) {
    const at = setting.indexOf("=");
    if (setting.startsWith("pgrst.") && at > 0) settings.set(setting.slice(0, at), setting.slice(at + 1));
  }
  return settings;
}

/** PostgREST's reading of a boolean setting. */
function isOn(value: string | undefined): boolean {
  return ["true", "on", "yes", "1"].includes((value ?? "").trim().toLowerCase());
}

export async function applyPostgrestSettings(db: Db, config: AppConfig): Promise<void> {
  const settings = await readPostgrestSettings(db);
  // Lite reads its api settings on every request; they are filled with defaults at start.
  if (!config.api) throw new Error("@supabase/lite has no api settings to configure");
  config.api.aggregates_enabled = isOn(settings.get("pgrst.db_aggregates_enabled"));
}

/** Applies the settings now and on every `notify pgrst, 'reload config'`; returns the unlisten. */
export async function followPostgrestSettings(db: Db, config: AppConfig): Promise<() => Promise<void>> {
  await applyPostgrestSettings(db, config);
  return db.listen("pgrst", (payload) => {
    if (payload !== "reload config") return;
    void applyPostgrestSettings(db, config).catch((error: Error) => console.error(`[pgrst settings] ${error.message}`));
  });
}
