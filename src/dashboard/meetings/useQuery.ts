// The meetings feature's cached reads ("meetings-" keys): a change refreshes every read of
// the page at once.
import { invalidateScope, scopedQuery } from "../query.ts";

export type { QueryState } from "../query.ts";
export const useQuery = scopedQuery("meetings");

export const invalidateMeetings = (): void => invalidateScope("meetings");
