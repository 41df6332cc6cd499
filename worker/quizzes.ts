// Run by every worker tick: quiz attempts left open past their deadline are submitted as they
// stood (the database marks them), so the gradebook does not wait for someone to open the quiz.
import type { SupabaseClient } from "@supabase/supabase-js";

export async function closeExpiredQuizAttempts(supabase: SupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc("close_all_expired_quiz_attempts");
  if (error) throw new Error(`closing expired quiz attempts failed: ${error.message}`);
  return Number(data);
}
