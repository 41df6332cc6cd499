// The auth e-mail templates (supabase/templates, declared in supabase/config.toml) and the
// Go template subset the local stack renders them with.
import { describe, expect, it } from "vitest";
import { GoTemplateError, renderGoTemplate } from "../../supabase/local/auth/go-template.ts";
import { TEMPLATE_KINDS, authTemplates, htmlToText, renderAuthEmail, type TemplateKind } from "../../supabase/local/auth/mail.ts";

describe("Go template subset", () => {
  it("prints fields, escaped, and nested Data keys; a missing one prints nothing", () => {
    expect(renderGoTemplate('<a href="{{ .URL }}">{{.Data.name}}</a>{{ .Data.none }}', { URL: "https://x/?a=1&b=2", Data: { name: "<Aïcha>" } })).toBe(
      '<a href="https://x/?a=1&amp;b=2">&lt;Aïcha&gt;</a>',
    );
  });

  it("branches on eq / ne / a field, with else if and else; a missing key is not equal", () => {
    const source = '{{ if eq .Data.l "en" }}EN{{ else if ne .Data.l "fr" }}??{{ else }}FR{{ end }}|{{ if .Data.n }}n{{ end }}';
    expect(renderGoTemplate(source, { Data: { l: "en", n: "x" } })).toBe("EN|n");
    expect(renderGoTemplate(source, { Data: { l: "fr" } })).toBe("FR|");
    expect(renderGoTemplate(source, { Data: { l: "de" } })).toBe("??|");
    expect(renderGoTemplate(source, { Data: {} })).toBe("??|");
    expect(renderGoTemplate('{{ if eq .Data.l "en" }}EN{{ else }}FR{{ end }}', { Data: {} })).toBe("FR");
  });

  it("drops comments and honours {{- -}} trims", () => {
    expect(renderGoTemplate("a {{/* note */}}b\n  {{- .X -}}  \n c", { X: "!" })).toBe("a b!c");
  });

  it("refuses what it does not know rather than printing it", () => {
    expect(() => renderGoTemplate("{{ range .Xs }}{{ end }}", {})).toThrow(GoTemplateError);
    expect(() => renderGoTemplate("{{ if .X }}open", {})).toThrow(GoTemplateError);
    expect(() => renderGoTemplate("{{ end }}", {})).toThrow(GoTemplateError);
    expect(() => renderGoTemplate('{{ printf "%s" .X }}', {})).toThrow(GoTemplateError);
  });
});

const link = "http://127.0.0.1:54321/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2F127.0.0.1%3A4321%2Flogin";
const fields = (locale: string | undefined) => ({
  Token: "482913",
  TokenHash: "abc",
  ConfirmationURL: link,
  SiteURL: "http://127.0.0.1:4321",
  Email: "awa@example.cm",
  NewEmail: "awa.new@example.cm",
  Data: locale ? { preferred_locale: locale, full_name: "Awa Nkolo" } : { full_name: "Awa Nkolo" },
});

// A few words each template must say in each language, so a wrong branch or a lost
// translation fails.
const WORDS: Record<TemplateKind, { fr: string[]; en: string[]; link: boolean; code: boolean }> = {
  confirmation: { fr: ["Confirmez votre adresse e-mail", "demandez un nouveau code"], en: ["Confirm your e-mail address", "ask for a new code"], link: true, code: true },
  recovery: { fr: ["Choisissez un nouveau mot de passe", "Mot de passe oublié ?"], en: ["Choose a new password", "Forgot password?"], link: true, code: true },
  invite: { fr: ["Bonjour Awa Nkolo", "choisissez votre mot de passe"], en: ["Hello Awa Nkolo", "choose your password"], link: true, code: false },
  magic_link: { fr: ["Votre code de connexion"], en: ["Your sign-in code"], link: true, code: true },
  email_change: { fr: ["de awa@example.cm à awa.new@example.cm"], en: ["from awa@example.cm to awa.new@example.cm"], link: true, code: true },
  reauthentication: { fr: ["Confirmez que c'est bien vous"], en: ["Confirm it is you"], link: false, code: true },
};

describe("auth e-mail templates", () => {
  it("config.toml declares every kind, with a subject in both languages", () => {
    const templates = authTemplates();
    expect([...templates.keys()].sort()).toEqual([...TEMPLATE_KINDS].sort());
    for (const { subject } of templates.values()) expect(subject).toMatch(/^[^·]+ · [^·]+$/);
  });

  for (const kind of TEMPLATE_KINDS) {
    it(`${kind}: French by default and for fr, English for en, with the link and the code`, () => {
      const expected = WORDS[kind];
      for (const [locale, language] of [
        [undefined, "fr"],
        ["fr", "fr"],
        ["en", "en"],
      ] as const) {
        const mail = renderAuthEmail(kind, fields(locale));
        for (const words of expected[language]) expect(mail.text).toContain(words);
        const other = language === "fr" ? expected.en : expected.fr;
        for (const words of other) expect(mail.text).not.toContain(words);
        expect(mail.html).toContain(`lang="${language}"`);
        if (expected.link) {
          expect(mail.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
          // The text part's first address is the link (what people and tests follow).
          expect(/https?:\/\/\S+/.exec(mail.text)![0]).toBe(link);
        } else expect(mail.text).not.toMatch(/https?:\/\//);
        if (expected.code) expect(/\b(\d{6})\b/.exec(mail.text)![1]).toBe("482913");
        else expect(mail.text).not.toContain("482913");
        expect(mail.text).not.toMatch(/\{\{|<\w/);
      }
    });
  }

  it("the text part keeps paragraphs and decodes entities", () => {
    expect(htmlToText("<head><title>x</title></head><p>L&#39;a &amp; b</p>\n\n\n<p>c</p>")).toBe("L'a & b\n\nc");
  });
});
