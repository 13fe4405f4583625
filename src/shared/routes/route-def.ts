/** One entry of the named-route table (see ./index.ts). */
export interface RouteDef {
  name: string;
  /** react-router pattern, e.g. '/bookings/edit/:id'. */
  path: string;
  /** Breadcrumb and page title. */
  title: string;
  /** Name of the breadcrumb parent; 'dashboard' is implied at the top of every trail. */
  parent?: string;
  /** Other paths the spec gives for the same screen. */
  aliases?: readonly string[];
  /** Query parameters the screen reads (spec: create-new-customer takes `postcode`). */
  query?: readonly string[];
  /** Reachable without a login token (the web app serves it outside the staff shell). */
  public?: boolean;
  /** Named by the spec but without a screen yet: left out of `implementedRoutes`, so nothing links to it. */
  planned?: boolean;
}
