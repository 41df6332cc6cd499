// Realtime in a chunk of its own (realtime-client.*.js), loaded by lazy-realtime.ts once the
// page is idle; npm run bench:dashboard reports it apart from the first load by this name.
export { RealtimeClient } from "@supabase/realtime-js";
