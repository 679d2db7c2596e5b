/** Transitional, until the other domains import `can` from contract/permissions.ts. */
export { can } from '../../../contract/permissions.ts';
