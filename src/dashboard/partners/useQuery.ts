// The partner courses feature's cached reads ("partners-" keys).
import { scopedQuery } from "../query.ts";

export const useQuery = scopedQuery("partners");
