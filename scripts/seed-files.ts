// Uploads the demo's files (supabase/seeds/files) to a hosted project whose database got
// the demo seed: SQL seeds cannot upload objects, so without this the demo's bank slip and
// two syllabi point at nothing there. The local stack does the same by itself at start.
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SECRET_KEY=sb_secret_… npm run seed:files
// Uses the secret key (service role), so the objects have no owner on hosted storage; the
// buckets' rules go by folder (the student's uid, the course's id), not by owner.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createClient } from "@supabase/supabase-js";
import { listDemoFiles, placeDemoFiles } from "../supabase/local/demo-files.ts";

if (!process.env.SUPABASE_URL && existsSync(".env")) process.loadEnvFile(".env");
const url = process.env.SUPABASE_URL;
const secret = process.env.SUPABASE_SECRET_KEY;
if (!url || !secret) {
  console.error("Set SUPABASE_URL and SUPABASE_SECRET_KEY (in the environment or .env) to the project to upload to.");
  process.exit(1);
}
const supabase = createClient(url, secret, { auth: { persistSession: false, autoRefreshToken: false } });

const placed = await placeDemoFiles(listDemoFiles(), {
  async course(code) {
    const { data, error } = await supabase.from("courses").select("id, teacher_id").eq("code", code).maybeSingle();
    if (error) throw new Error(`reading the course ${code}: ${error.message}`);
    return data ?? undefined;
  },
  async profileExists(id) {
    const { data, error } = await supabase.from("profiles").select("id").eq("id", id).maybeSingle();
    if (error) throw new Error(`reading the profile ${id}: ${error.message}`);
    return data !== null;
  },
});
if (!placed.length) {
  console.error("None of the demo's students or courses is in this database: run the demo seed first.");
  process.exit(1);
}
for (const file of placed) {
  const { error } = await supabase.storage.from(file.bucket).upload(file.name, await readFile(file.file), { contentType: file.contentType, upsert: true });
  if (error) {
    console.error(`${file.bucket}/${file.name}: ${error.message}`);
    process.exit(1);
  }
  console.log(`${file.bucket}/${file.name}`);
}
