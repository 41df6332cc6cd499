// How each kind of write is sent, and which reads it changes. Loaded when something is sent
// (the outbox itself starts with every page; the data modules need not).
import type { SupabaseClient } from "@supabase/supabase-js";
import { invalidateKeys, revalidateKeys } from "../../lib/data-cache.ts";
import { handInOnce } from "../assignments/data.ts";
import { sendMessage } from "../messages/data.ts";
import type { Pending } from "../shared/outbox/writes.ts";

/** Sends one item with its key; `replay` once an earlier attempt may have arrived. */
export async function sendPending(supabase: SupabaseClient, item: Pending): Promise<void> {
  const { write, key, userId } = item;
  const replay = item.attempts > 1;
  if (write.kind === "submission") {
    await handInOnce(supabase, {
      assignment: { id: write.assignmentId, course_id: write.courseId },
      studentId: userId,
      body: write.body,
      kept: write.kept,
      files: write.files,
      previous: write.previous,
      key,
      replay,
    });
  } else {
    await sendMessage(supabase, {
      conversationId: write.conversationId,
      userId,
      body: write.body,
      files: write.files.map((f) => ({ file: f.blob, name: f.name })),
      key,
      replay,
    });
  }
}

/** The reads that show what was just sent fetch again (the assignments keep their page meanwhile: its forms hold state). */
export function refreshAfter(item: Pending): void {
  if (item.write.kind === "submission") revalidateKeys((key) => key.includes('"assignments-mine"') || key.startsWith("home-deadlines"));
  else invalidateKeys((key) => key.startsWith("messages-"));
}
