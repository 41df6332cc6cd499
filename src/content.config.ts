// Every content collection and its zod schema: an editor's mistake fails the build with
// the file and the field named. Each entry lives once per language: <collection>/<fr|en>/<slug>.md
import { defineCollection } from "astro:content";
import { glob } from "astro/loaders";
import { z } from "astro/zod";

/** Site pages whose copy editors own (home, about, contact, ...). */
const pages = defineCollection({
  loader: glob({ pattern: "**/*.md", base: "./src/content/pages" }),
  schema: z.object({
    title: z.string().min(1).max(70),
    description: z.string().min(50).max(160),
    heading: z.string().min(1),
    lead: z.string().min(1),
  }),
});

export const collections = { pages };
