// The Professional School feature's cached reads ("professional-" keys).
import { scopedQuery } from "../query.ts";

export const useQuery = scopedQuery("professional");
