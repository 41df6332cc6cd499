// Rules shared by the messages and community pages, their data modules and the tests:
// attachment limits (the bucket enforces the same on the server), sizes of free text (the
// database checks them too; these give the person a clear message before sending), the
// reactions offered and the board page size.

/** The message-attachments bucket's limit (20260402000000_messages_community.sql). */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENTS_PER_MESSAGE = 5;

/** Types the bucket accepts: PDF, images, office documents. */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};

/** The accept attribute of the file input. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(",");

export type AttachmentProblem = "too_big" | "wrong_type" | "empty" | "too_many";

/** The MIME type the bucket will record for a file: from its extension (browsers disagree on office types). */
export function attachmentType(file: { name: string; type: string }): string | undefined {
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return ATTACHMENT_TYPES[ext] ?? (Object.values(ATTACHMENT_TYPES).includes(file.type) ? file.type : undefined);
}

/** Why a file cannot be attached, or undefined when it can. */
export function checkAttachment(file: { name: string; type: string; size: number }): AttachmentProblem | undefined {
  if (file.size <= 0) return "empty";
  if (file.size > ATTACHMENT_MAX_BYTES) return "too_big";
  if (!attachmentType(file)) return "wrong_type";
  return undefined;
}

/** A file name safe as the last segment of a storage path (letters, digits, . _ -), at most 100 characters. */
export function safeFileName(name: string): string {
  const dot = name.lastIndexOf(".");
  const ext =
    dot > 0
      ? name
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")
          .slice(0, 10)
      : "";
  const base =
    (dot > 0 ? name.slice(0, dot) : name)
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9._-]+/g, "-")
      .replace(/^[-.]+|[-.]+$/g, "")
      .slice(0, 80) || "fichier";
  return ext ? `${base}.${ext}` : base;
}

/** <conversation_id>/<user_id>/<unique>-<file>: the path the storage rules expect. */
export function attachmentPath(conversationId: string, userId: string, fileName: string, unique: string = crypto.randomUUID()): string {
  return `${conversationId}/${userId}/${unique}-${safeFileName(fileName)}`;
}

// ---- sizes of free text (the database's checks) --------------------------------------------
export const MESSAGE_MAX = 5000;
export const SUBJECT_MAX = 200;
export const POST_TITLE_MAX = 200;
export const POST_BODY_MAX = 10000;
export const COMMENT_MAX = 5000;
export const REPORT_REASON_MAX = 1000;
export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 5000;
/** The server searches from 2 characters. */
export const SEARCH_MIN = 2;

// ---- community ----------------------------------------------------------------------------------
export const POSTS_PAGE_SIZE = 20;
export const REACTIONS = ["like", "love", "celebrate", "insight"] as const;
export type Reaction = (typeof REACTIONS)[number];
export const REACTION_EMOJI: Readonly<Record<Reaction, string>> = { like: "👍", love: "❤️", celebrate: "🎉", insight: "💡" };
export const MODERATION_ACTIONS = ["hide", "unhide", "lock", "unlock", "pin", "unpin"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const ANNOUNCEMENT_AUDIENCES = ["role", "school", "programme", "course"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
