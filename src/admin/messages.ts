/** The admin area's gate: what a non-admin sees on a screen that needs instance admin. */
export const NEED_INSTANCE_ADMIN = 'You need instance admin to access this section.';
