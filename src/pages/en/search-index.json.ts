// Static search index of the English pages, fetched by /search (en).
import { searchIndexResponse } from "../../components/catalogue/search-index.ts";

export const GET = () => searchIndexResponse("en");
