// The people feature's cached reads ("people-" keys).
import { invalidateScope, scopedQuery } from "../query.ts";

export type { QueryState } from "../query.ts";
export const useQuery = scopedQuery("people");

/** After a change: every people read fetches again. */
export const invalidatePeople = (): void => invalidateScope("people");
