// Saving a material's file: fetched with the session (the bucket's rules apply: members of
// the course only), then saved from a same-origin blob under its original name (the
// object's name without the random prefix the upload added).
import { downloadBlob } from "../../lib/download.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { downloadMaterial } from "./materials-data.ts";

export function materialFileName(path: string): string {
  const last = path.split("/").pop() ?? "document";
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, "");
}

export async function saveMaterial(path: string): Promise<void> {
  downloadBlob(materialFileName(path), await downloadMaterial(getSupabase(), path));
}
