// The documents feature's cached reads ("documents-" keys).
import { scopedQuery } from "../query.ts";

export const useQuery = scopedQuery("documents");
