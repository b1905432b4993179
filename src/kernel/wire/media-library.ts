// A photo in the media library as the browser sees it: its stored file metadata (what the service
// returns for an object) and its download URL. The admin screen, the builder's picker and the
// tests share this one shape.

/** A stored file's metadata: every field the service returns, as the SDK gives them. */
export interface StoredFile {
  bucket: string;
  generation: string;
  metageneration: string;
  name: string;
  fullPath: string;
  size: number;
  timeCreated: string;
  updated: string;
  md5Hash?: string;
  cacheControl?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  contentLanguage?: string;
  contentType?: string;
  customMetadata?: Record<string, string>;
}

/** Those fields in the order the photo's details show them. */
export const STORED_FILE_FIELDS = [
  'bucket',
  'generation',
  'metageneration',
  'name',
  'fullPath',
  'size',
  'timeCreated',
  'updated',
  'md5Hash',
  'cacheControl',
  'contentDisposition',
  'contentEncoding',
  'contentLanguage',
  'contentType',
  'customMetadata',
] as const satisfies readonly (keyof StoredFile)[];

/** A photo in the library: its metadata and the address its bytes are served from. */
export interface LibraryPhoto {
  file: StoredFile;
  /** The download URL ("Copy link"): the storage origin in production, this site's origin locally. */
  url: string;
}
