// One fixed localStorage key for the session, so the islands, the dashboard and the tiny
// header script (which ships no supabase-js) all read the same place.
export const AUTH_STORAGE_KEY = "uel-auth";
