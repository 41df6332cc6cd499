// Saving a material's file: fetched with the session (the bucket's rules apply: members of
// the course only), then saved from a same-origin blob under its original name (the
// object's name without the random prefix the upload added). A file the student keeps
// offline is taken from the device instead, online or not (issue 24).
import { downloadBlob } from "../../lib/download.ts";
import { keptBlob } from "../../lib/offline/kept-files.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { MATERIALS_BUCKET } from "../ui/offline/kept.ts";
import { downloadMaterial } from "./materials-data.ts";

export function materialFileName(path: string): string {
  const last = path.split("/").pop() ?? "document";
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, "");
}

export async function saveMaterial(path: string, userId?: string): Promise<void> {
  const kept = userId ? await keptBlob(userId, MATERIALS_BUCKET, path).catch(() => null) : null;
  downloadBlob(materialFileName(path), kept ?? (await downloadMaterial(getSupabase(), path)));
}
