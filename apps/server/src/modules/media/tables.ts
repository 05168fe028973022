export type MediaTables = {
  media: MediaTable;
};

/** Image bytes under a content-addressed token (SHA-256 of the bytes, hex). */
export type MediaTable = {
  token: string;
  content_type: string;
  byte_size: number;
  bytes: Buffer;
  original_name: string;
  created_at: number;
};
