/** Texts both toggle pages show, verbatim. */
export const updatedMessage = (name: string) => `${name} successfully updated!`;
export const PROJECT_UPDATED = 'Successfully updated toggle project.';
