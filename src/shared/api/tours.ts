/** A row of GET tours: the tour list other screens pick from (spec 3 §7 Tours). */
export interface TourListItem {
  id: number;
  name: string;
  reference: string | null;
  tour_type: string;
  is_suppressed: boolean;
}
