import type { ProjectUser } from '../../contract/project-access.ts';
import type { ProjectUserRow } from './store.ts';

/** A user of the access list; `imageUrl` is empty, as everywhere (the console draws avatars itself). */
export const projectUserView = (row: ProjectUserRow): ProjectUser => ({ ...row, imageUrl: '' });
