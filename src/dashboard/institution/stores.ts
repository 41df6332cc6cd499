// The cached reads of admin/settings and admin/technical (SPEC §9 cache).
import { createFetcherStore } from "../../lib/data-cache.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fetchAcademicYears, fetchSettings, fetchSystemHealth, type AcademicYear, type InstitutionSettings, type SystemHealth } from "./data.ts";

export const SETTINGS_KEY = "institution-settings";
export const YEARS_KEY = "academic-years";

export const $settings = createFetcherStore<InstitutionSettings>([SETTINGS_KEY], { fetcher: () => fetchSettings(getSupabase()) });
export const $academicYears = createFetcherStore<AcademicYear[]>([YEARS_KEY], { fetcher: () => fetchAcademicYears(getSupabase()) });
// Health is measured each time the page opens: no point in a five-minute-old figure.
export const $health = createFetcherStore<SystemHealth>(["system-health"], { fetcher: () => fetchSystemHealth(getSupabase()), dedupeTime: 0 });
