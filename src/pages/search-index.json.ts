// Static search index of the French pages, fetched by /search.
import { searchIndexResponse } from "../components/catalogue/search-index.ts";

export const GET = () => searchIndexResponse("fr");
