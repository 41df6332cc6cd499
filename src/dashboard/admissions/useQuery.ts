// The admissions feature's cached reads ("admissions-" keys): a decision or an upload
// refreshes every admissions read at once.
import { invalidateScope, scopedQuery } from "../query.ts";

export const useQuery = scopedQuery("admissions");

export const invalidateAdmissions = (): void => invalidateScope("admissions");
