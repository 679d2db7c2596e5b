/** The admin area's gate (part 2 section 6): what a non-admin sees on a screen that needs instance admin. */
export const NEED_INSTANCE_ADMIN = 'You need instance admin to access this section.';
