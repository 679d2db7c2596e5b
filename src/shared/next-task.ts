/** Resolves in a task of its own: the browser may paint and handle input before the work that follows it. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
