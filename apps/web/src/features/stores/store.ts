/** A store as GET /crm/store/ and GET /crm/store/{id} answer it, texts in the request's language. */
export interface Place {
  code: string;
  name: string;
}

export interface Store {
  id: number;
  code: string;
  name: string;
  brand: { id: number; code: string; name: string };
  region: Place;
  district: Place;
  address: string;
  business_hours: string;
  introduction: string;
  phone: string;
  image_media_token: string | null;
  partner_property: boolean;
}

/** The store pictures are 4:3 (800 × 600); width and height keep their box from the first paint. */
export const STORE_IMAGE = { width: 800, height: 600 } as const;
