import { describe, expect, it } from "vitest";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, POSTS_PAGE_SIZE, REACTIONS, REACTION_EMOJI, attachmentPath, attachmentType, checkAttachment, safeFileName } from "../../src/lib/community/rules.ts";

describe("message attachments", () => {
  it("accepts PDF, images and office documents up to 10 MB", () => {
    expect(ATTACHMENT_MAX_BYTES).toBe(10 * 1024 * 1024);
    expect(checkAttachment({ name: "cours.pdf", type: "application/pdf", size: 1000 })).toBeUndefined();
    expect(checkAttachment({ name: "photo.JPG", type: "image/jpeg", size: ATTACHMENT_MAX_BYTES })).toBeUndefined();
    // browsers disagree on office types: the extension decides
    expect(checkAttachment({ name: "notes.docx", type: "", size: 10 })).toBeUndefined();
    expect(attachmentType({ name: "notes.docx", type: "" })).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(attachmentType({ name: "scan", type: "image/png" })).toBe("image/png");
  });

  it("refuses larger files, other types and empty files", () => {
    expect(checkAttachment({ name: "big.pdf", type: "application/pdf", size: ATTACHMENT_MAX_BYTES + 1 })).toBe("too_big");
    expect(checkAttachment({ name: "script.sh", type: "text/x-sh", size: 10 })).toBe("wrong_type");
    expect(checkAttachment({ name: "page.html", type: "text/html", size: 10 })).toBe("wrong_type");
    expect(checkAttachment({ name: "vide.pdf", type: "application/pdf", size: 0 })).toBe("empty");
    expect(ATTACHMENT_ACCEPT.split(",")).toContain(".pdf");
    expect(ATTACHMENT_ACCEPT).not.toContain(".exe");
  });

  it("builds the storage path the bucket's rules expect, with a safe file name", () => {
    expect(attachmentPath("conv", "user", "Relevé de notes (v2).PDF", "u1")).toBe("conv/user/u1-Releve-de-notes-v2.pdf");
    expect(safeFileName("../../etc/passwd")).not.toContain("/");
    expect(safeFileName("....")).toBe("fichier");
    expect(safeFileName("a".repeat(300) + ".pdf").length).toBeLessThanOrEqual(84);
  });
});

describe("community", () => {
  it("pages boards 20 posts at a time and offers four reactions", () => {
    expect(POSTS_PAGE_SIZE).toBe(20);
    expect(REACTIONS).toEqual(["like", "love", "celebrate", "insight"]);
    expect(Object.values(REACTION_EMOJI)).toEqual(["👍", "❤️", "🎉", "💡"]);
  });
});
