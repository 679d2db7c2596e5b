import { createContext, useContext } from 'react';
import type { ToggleMirror } from './mirror';

/** The toggles' mirror of the console's offline engine, handed to the screens by the app. */
export const ToggleMirrorContext = createContext<ToggleMirror | null>(null);

export function useToggleMirror(): ToggleMirror {
  const toggles = useContext(ToggleMirrorContext);
  if (!toggles) throw new Error('The console is rendered without the toggles’ offline mirror');
  return toggles;
}
