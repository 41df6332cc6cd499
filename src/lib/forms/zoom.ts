// /admin/zoom: the Zoom Server-to-Server OAuth app's credentials. The zoom-meetings
// function and the database check the same shapes. Messages are keys of
// src/dashboard/meetings/messages.ts (errors section).
import * as z from "zod/mini";

export const ZOOM_ID = /^[A-Za-z0-9_-]{4,100}$/;

const id = z.string().check(z.trim(), z.regex(ZOOM_ID, "idInvalid"));
export const zoomCredentialsSchema = z.object({
  account_id: id,
  client_id: id,
  client_secret: z.string().check(z.trim(), z.minLength(8, "secretInvalid"), z.maxLength(200, "secretInvalid")),
});
export type ZoomCredentialsForm = z.infer<typeof zoomCredentialsSchema>;

export const MEETING_PLATFORMS = ["zoom", "teams", "in_person"] as const;
export type MeetingPlatform = (typeof MEETING_PLATFORMS)[number];
