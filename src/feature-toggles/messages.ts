/** Texts both toggle pages show (part 1 section 8), verbatim. */
export const updatedMessage = (name: string) => `${name} successfully updated!`;
export const PROJECT_UPDATED = 'Successfully updated toggle project.';
