// Reads the session supabase-js keeps in localStorage without loading supabase-js: the
// public pages' header only needs to know whether someone is signed in.
import { AUTH_STORAGE_KEY } from "./auth-storage.ts";

interface StoredSession {
  access_token: string;
  expires_at?: number;
  refresh_token?: string;
}

export function readStoredSession(storage: Pick<Storage, "getItem"> = localStorage): StoredSession | null {
  try {
    const session = JSON.parse(storage.getItem(AUTH_STORAGE_KEY) ?? "null") as StoredSession | null;
    if (!session?.access_token) return null;
    // An expired access token still counts while a refresh token can renew it.
    if (session.expires_at && session.expires_at * 1000 < Date.now() && !session.refresh_token) return null;
    return session;
  } catch {
    return null;
  }
}
