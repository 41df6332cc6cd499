// Notification preferences: for each notification type, whether it arrives in the app, by
// e-mail and by SMS. A type the user never touched has the defaults below, the same as the
// columns' defaults in the notification_preferences table (the worker's SQL coalesces to
// them too; a test pins both).

export const NOTIFICATION_TYPES = ["course_starting", "announcement", "grade_published", "assignment_due", "payment", "message", "application"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ["in_app", "email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoice = Record<NotificationChannel, boolean>;
export interface NotificationPreference extends ChannelChoice {
  type: NotificationType;
}

/** In the app only: e-mail and SMS are opt-in (SMS costs the university money). */
export const DEFAULT_CHANNELS: Readonly<ChannelChoice> = Object.freeze({ in_app: true, email: false, sms: false });

export function isNotificationType(value: unknown): value is NotificationType {
  return NOTIFICATION_TYPES.includes(value as NotificationType);
}

/** One preference per type, in NOTIFICATION_TYPES order: the stored row, or the defaults. */
export function withDefaults(rows: readonly NotificationPreference[]): NotificationPreference[] {
  const byType = new Map(rows.map((row) => [row.type, row]));
  return NOTIFICATION_TYPES.map((type) => {
    const row = byType.get(type);
    return { type, in_app: row?.in_app ?? DEFAULT_CHANNELS.in_app, email: row?.email ?? DEFAULT_CHANNELS.email, sms: row?.sms ?? DEFAULT_CHANNELS.sms };
  });
}
