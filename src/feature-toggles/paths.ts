/** The API paths of one toggle, classic and project-scoped. */
const enc = encodeURIComponent;

export const classicPath = (feature: string) => `api/admin/features/${enc(feature)}`;
export const projectFeaturePath = (project: string, feature: string) =>
  `api/admin/projects/${enc(project)}/features/${enc(feature)}`;
