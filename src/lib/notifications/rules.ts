// The course-start notification rules of SPEC §4, §7 and §9, named once. The worker plans
// with them; the notification centre lists with them; tests pin each value.

/** The worker checks at start and then every 5 minutes. */
export const WORKER_SCHEDULE = "*/5 * * * *";
/** Online classes starting within this many minutes from now are announced. */
export const COURSE_START_WINDOW_MINUTES = 15;
/** A course_starting notification expires this long after it is created. */
export const NOTIFICATION_EXPIRY_HOURS = 3;
/** A student notified for a course within this many minutes is not notified again for it. */
export const DUPLICATE_WINDOW_MINUTES = 30;
/** Course-start notifications are urgent. */
export const COURSE_STARTING_PRIORITY = "high";
export const COURSE_STARTING_TYPE = "course_starting";
/** How many notifications a list shows before "more". */
export const NOTIFICATION_PAGE_SIZE = 10;

export const MINUTE_MS = 60_000;
