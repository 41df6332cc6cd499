// What the dashboard's outbox holds: a hand-in or a message, with its files as Blobs (the
// File the user picked is one), enough to send it later without the page that wrote it.
import type { OutboxItem } from "../../../lib/outbox/queue.ts";

export interface OutboxFile {
  name: string;
  blob: Blob;
}

export interface SubmissionWrite {
  kind: "submission";
  assignmentId: string;
  courseId: string;
  body: string;
  /** Files of the copy already handed in that stay in it. */
  kept: string[];
  /** Every file of the copy when it was written: those no longer named leave the folder. */
  previous: string[];
  files: OutboxFile[];
  /** The deadline and its rule, to tell the student what arriving late will mean. */
  dueAt: string | null;
  /** The assignment's LatePolicy (assignments/data.ts, which shared/ does not import). */
  latePolicy: "accept" | "refuse" | "penalty";
}

export interface MessageWrite {
  kind: "message";
  conversationId: string;
  body: string;
  files: OutboxFile[];
}

export type OutboxWrite = SubmissionWrite | MessageWrite;
export type Pending = OutboxItem<OutboxWrite>;
