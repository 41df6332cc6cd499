// schema.org structured data for the organisation and its courses (Google's Course and
// EducationalOrganization rich results).
import type { CollectionEntry } from "astro:content";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { useTranslations } from "../../lib/i18n.ts";

type Brand = CollectionEntry<"site">["data"];

export function organizationLd(facts: Brand, site: URL, locale: Locale, name: string) {
  return {
    "@context": "https://schema.org",
    "@type": "CollegeOrUniversity",
    "@id": new URL("/#organization", site).href,
    name,
    url: new URL(localizedPath(locale, "/"), site).href,
    logo: new URL("/favicon.svg", site).href,
    foundingDate: String(facts.foundingYear),
    telephone: facts.phone,
    email: facts.email,
    address: {
      "@type": "PostalAddress",
      postOfficeBoxNumber: facts.postalBox,
      addressLocality: facts.city,
      addressCountry: "CM",
    },
    sameAs: facts.social.map((s) => s.url),
  };
}

export function courseLd(opts: { site: URL; path: string; locale: Locale; name: string; description: string; code?: string; mode: "video" | "virtual-class" | "blended"; languages?: string[] }) {
  const { site, path, locale, name, description, code, mode, languages } = opts;
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name,
    description,
    ...(code ? { courseCode: code } : {}),
    url: new URL(localizedPath(locale, path), site).href,
    inLanguage: languages ?? [locale],
    // Google wants the provider named on the course itself, not only referenced.
    provider: { "@type": "CollegeOrUniversity", "@id": new URL("/#organization", site).href, name: useTranslations(locale)("site.name"), sameAs: site.origin },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Online",
      courseWorkload: mode === "video" ? "Self-paced" : undefined,
    },
    offers: { "@type": "Offer", category: "Paid" },
  };
}

export function breadcrumbLd(site: URL, locale: Locale, items: { href: string; label: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.label,
      item: new URL(localizedPath(locale, item.href), site).href,
    })),
  };
}
