import {
  Alert,
  type CSSVariablesResolver,
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  Drawer,
  FileInput,
  Modal,
  Notification,
} from '@mantine/core';

/** The product name shown in the header, the login screen and the page titles. */
export const PRODUCT_NAME = 'Tour Office';

/** Mantine's palette `name` with shades 6–9 replaced by `shades` (0–5 stay Mantine's). */
const darker = (name: keyof typeof DEFAULT_THEME.colors, shades: string[]) =>
  colorsTuple([...DEFAULT_THEME.colors[name].slice(0, 6), ...shades]);

/**
 * Mantine's colours, darkened from shade 6 on so text meets WCAG AA (4.5:1, axe-core's
 * color-contrast rule in the browser tests) wherever the theme puts it: shade 7 (filled buttons
 * and badges with white text, `c="red"` text, links) on white, grey-0, its own shade 1 and a
 * selected or highlighted row (indigo-1, blue-1); shades 8 and 9 (explicit `c="orange.8"`, the light variant's text) on shades 1
 * and 2; shade 6 at 3:1 on white for non-text marks. Mantine's originals reach 2.9–4.4:1.
 * Each shade is the original scaled towards black until it passes.
 */
const colors = {
  red: darker('red', ['#fa5252', '#bb3030', '#af2626', '#a22222']),
  pink: darker('pink', ['#e64980', '#b92c5d', '#a82050', '#9b1c48']),
  grape: darker('grape', ['#be4bdb', '#9836b0', '#862e9c', '#7b2a8f']),
  violet: darker('violet', ['#7950f2', '#6944da', '#5938bc', '#5234a9']),
  indigo: darker('indigo', ['#4c6ef5', '#3b59d3', '#304ab2', '#2d42a7']),
  blue: darker('blue', ['#228be6', '#1767af', '#145b9c', '#14538f']),
  cyan: darker('cyan', ['#139db1', '#0c6f7e', '#096676', '#095d6d']),
  teal: darker('teal', ['#10a377', '#087353', '#076a4b', '#066146']),
  green: darker('green', ['#36a34a', '#237332', '#1f6a2e', '#1e612c']),
  lime: darker('lime', ['#679f18', '#47700d', '#3f6809', '#3b5f08']),
  yellow: darker('yellow', ['#bd8504', '#8a5a00', '#864e00', '#824300']),
  orange: darker('orange', ['#e17012', '#a94705', '#a03d08', '#98320a']),
};

/**
 * The fields a dialog may open on: the first one that takes typing or a choice (a Mantine Select's
 * input is read-only but opens its list: it counts).
 */
const FIELD = [
  'input:not([type=hidden]):not([disabled]):not([readonly])',
  'input[readonly][aria-haspopup]:not([disabled])',
  'textarea:not([disabled]):not([readonly])',
  'select:not([disabled])',
].join(', ');

/**
 * Issue #22 point 12e: a form dialog opens on its first field. Mantine's focus trap focuses the
 * element marked `data-autofocus`, else the first tabbable one — the header's Close button — so
 * when the dialog has finished opening and Close holds the focus, it moves to the dialog's first
 * field. A dialog without fields (a confirmation), or whose first field is a searchable Select,
 * keeps its focus; one that marks a
 * `data-autofocus` element is left alone, as focus is no longer on Close.
 */
export function focusFirstField() {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || !active.matches('.mantine-Modal-close')) return;
  const field = active.closest('.mantine-Modal-content')?.querySelector<HTMLElement>(FIELD);
  // A searchable Select opens its list as soon as it has the focus, which would greet the dialog
  // with a list over it and make Esc close the list instead of the dialog: such a dialog keeps
  // Mantine's own focus.
  if (!field || (field.matches('input[aria-haspopup]') && !field.matches('[readonly]'))) return;
  field.focus();
}

/** One calm admin look: indigo accents, system fonts, small radius; focus rings on keyboard use. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  colors,
  defaultRadius: 'sm',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Button: { defaultProps: { size: 'sm' } },
    // Icon-only close buttons get a name for screen readers (axe-core: button-name).
    Alert: Alert.extend({ defaultProps: { closeButtonLabel: 'Close' } }),
    FileInput: FileInput.extend({ defaultProps: { clearButtonProps: { 'aria-label': 'Clear file' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Modal: Modal.extend({
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        // After the focus trap has placed the focus (a tick later for a dialog without transition).
        onEnterTransitionEnd: () => setTimeout(focusFirstField, 0),
      },
    }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/**
 * Mantine's light `dimmed` text (gray-6, 3.3:1 on white) fails WCAG AA contrast; this grey keeps
 * secondary text quieter than the body yet above 4.5:1 on white and on the grey-0/1/2 row and
 * field backgrounds (axe-core's color-contrast rule in the browser tests). Passed to
 * MantineProvider beside the theme.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    // Field errors: Mantine's red-6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-7)',
  },
  dark: {},
});
