import type { ReactNode } from 'react';

/** Outline icons of the settings boxes (Tabler shapes, MIT), drawn inline: no icon package needed. */
function Icon({ children, size = 22 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export const BusIcon = () => (
  <Icon>
    <path d="M4 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M16 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 17h-2v-11a1 1 0 0 1 1 -1h14a5 7 0 0 1 5 7v5h-2m-4 0h-8" />
    <path d="M16 5l1.5 7h4.5" />
    <path d="M2 10h15" />
    <path d="M7 5v5" />
    <path d="M12 5v5" />
  </Icon>
);

export const BookIcon = () => (
  <Icon>
    <path d="M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0" />
    <path d="M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0" />
    <path d="M3 6v13" />
    <path d="M12 6v13" />
    <path d="M21 6v13" />
  </Icon>
);

export const SlidersIcon = () => (
  <Icon>
    <path d="M12 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 6h8" />
    <path d="M16 6h4" />
    <path d="M6 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 12h2" />
    <path d="M10 12h10" />
    <path d="M15 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0" />
    <path d="M4 18h11" />
    <path d="M19 18h1" />
  </Icon>
);

export const UsersIcon = () => (
  <Icon>
    <path d="M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0" />
    <path d="M3 21v-2a4 4 0 0 1 4 -4h4a4 4 0 0 1 4 4v2" />
    <path d="M16 3.13a4 4 0 0 1 0 7.75" />
    <path d="M21 21v-2a4 4 0 0 0 -3 -3.85" />
  </Icon>
);

export const PoundIcon = () => (
  <Icon>
    <path d="M17 18.5a6 6 0 0 1 -5 0a6 6 0 0 0 -5 .5a3 3 0 0 0 2 -2.5v-7.5a4 4 0 0 1 7.45 -2m-2.55 6h-7" />
  </Icon>
);

export const DatabaseIcon = () => (
  <Icon>
    <path d="M4 6a8 3 0 1 0 16 0a8 3 0 1 0 -16 0" />
    <path d="M4 6v6a8 3 0 0 0 16 0v-6" />
    <path d="M4 12v6a8 3 0 0 0 16 0v-6" />
  </Icon>
);

export const CalendarIcon = () => (
  <Icon>
    <path d="M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-12z" />
    <path d="M16 3v4" />
    <path d="M8 3v4" />
    <path d="M4 11h16" />
    <path d="M11 15h1" />
    <path d="M12 15v3" />
  </Icon>
);

export const BellIcon = () => (
  <Icon>
    <path d="M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6" />
    <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
  </Icon>
);
