// The installable application's manifest, in English (issue 24).
import { manifestResponse } from "../../components/pwa/manifest-response.ts";

export const GET = () => manifestResponse("en");
