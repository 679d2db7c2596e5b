import { createTheme } from '@mantine/core';

/** Phone first: controls default to sizes whose touch targets are at least 44 px. */
export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Transitions are skipped for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
  },
});
