import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Phone first: controls default to sizes whose touch targets are at least 44 px. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 in both schemes: white text on filled controls and indigo links on white pass WCAG AA (4.5:1).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'md',
  focusRing: 'auto',
  // Transitions are skipped for people who ask their system for less motion.
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { size: 'md' } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
    Textarea: { defaultProps: { size: 'md' } },
    NativeSelect: { defaultProps: { size: 'md' } },
    ActionIcon: { defaultProps: { size: 44 } },
    // Mantine's Loader is a bare span: its aria-label is allowed only once it has a role.
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** Field errors: Mantine's default red lacks contrast (axe) on cards and dialogs, in light and in dark. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: { '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
