import { createTheme } from '@mantine/core';

/** The product name shown in the header, the login screen and the page titles. */
export const PRODUCT_NAME = 'Tour Office';

/** One calm admin look: indigo accents, system fonts, small radius; focus rings on keyboard use. */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'sm',
  focusRing: 'auto',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Anchor: { defaultProps: { underline: 'hover' } },
    Button: { defaultProps: { size: 'sm' } },
  },
});
