/** Texts of the segment screens (Unleash's segment screens' where they have one). */
export const SEGMENTS_TITLE = 'Segments';
export const SEGMENTS_INTRO =
  'Segments make it easy to define who should get access to a feature: a segment is a reusable list of constraints that strategies can use.';
export const NO_SEGMENTS = 'There are no segments created yet.';
export const NEW_SEGMENT = 'New segment';
export const CREATE_SEGMENT_TITLE = 'Create segment';
export const EDIT_SEGMENT_TITLE = 'Edit segment';
export const ALL_PROJECTS = 'All projects';
export const SEGMENT_CREATED = 'Segment created';
export const SEGMENT_UPDATED = 'Segment updated';
export const SEGMENT_DELETED = 'Segment deleted';
export const DELETE_SEGMENT_TITLE = 'Delete segment?';
export const reallyDeleteSegment = (name: string) => `Are you sure you want to delete the segment ${name}?`;
export const SEGMENT_NOT_FOUND = (id: string) => `Could not find segment with id: ${id}`;
export const NAME_REQUIRED = 'Name can not be empty.';
/** The server's text for the same limit. */
export const tooManyValues = (limit: number) => `Segments may not have more than ${limit} values`;
export const CONSTRAINTS_HAVE_ERRORS = 'Fix the constraints marked below.';
