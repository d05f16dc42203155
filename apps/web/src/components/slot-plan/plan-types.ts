/** The slot fields a plan draws; both the slots API and the location detail give at least these. */
export interface PlanSlot {
  id: string;
  code: string;
  widthM: number;
  depthM: number;
  planX: number | null;
  planY: number | null;
  planRotation: number;
  status: 'open' | 'blocked';
  categoryId: string | null;
  zone?: string;
}

export interface PlanLocation {
  id: string;
  planWidthM: number;
  planDepthM: number;
  planImageUrl?: string | null;
}

export interface PlanCategory {
  id: string;
  colour: string;
  nameEn: string;
  nameAr: string;
}

/** Where a slot lies on its plan: top-left corner and size in metres, rotation in degrees about its centre. */
export interface Geometry {
  planX: number;
  planY: number;
  planRotation: number;
  widthM: number;
  depthM: number;
}
