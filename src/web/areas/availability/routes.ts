import type { Screen } from '../../ui/screen';

/** The screens of this area, by their named routes (src/shared/routes). */
export const routes: readonly Screen[] = [
  { route: 'accommodation-room-edit', load: () => import('./RoomEditPage').then((m) => m.RoomEditPage) },
];
