/**
 * The media library's access policy, as a function: what `storage.rules` (at the repository's
 * root) says, for the local Storage emulator, which cannot evaluate the rules file on this
 * project's machines (local/storage-emulator.ts). The same table of cases runs against both
 * (tests/support/storage-policy-cases.ts): this function always, the official emulator whenever
 * it can start.
 */
import {
  DRAFT_ID_PATTERN,
  DRAFTS_FOLDER,
  isPhotoType,
  MAX_DRAFT_BYTES,
  MAX_PHOTO_BYTES,
} from '../../kernel/wire/media-rules.ts';
import {
  isThumbnailPath,
  MAX_THUMBNAIL_BYTES,
  THUMBNAIL_TYPE,
  THUMBNAILS_FOLDER,
} from '../../kernel/wire/thumbnail-rules.ts';
import { MEDIA_FOLDER, MEDIA_NAME } from '../../kernel/wire/library-reference.ts';

/** The operations the rules distinguish (Cloud Storage rules' granular methods). */
export type StorageMethod = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface PolicyRequest {
  method: StorageMethod;
  /** The object's path in the bucket ("media/kitchen.jpg"), or the listed folder ("media"). */
  path: string;
  /** The signed-in user's ID token claims; null for nobody. */
  claims: Record<string, unknown> | null;
  /** For create and update: the object as it would be (its content type and size). */
  resource?: { contentType?: string; size?: number };
}

const isAdmin = (claims: PolicyRequest['claims']) => claims?.admin === true;
const DRAFT_NAME = new RegExp(`^${DRAFT_ID_PATTERN}[.]json$`);
/** A create or update names the object by a name the library makes (media-rules.ts); reading or deleting one of another name harms nothing. */
const nameOf = (path: string) => path.slice(path.indexOf('/') + 1);
const oneSegment = (path: string, folder: string) =>
  path.startsWith(`${folder}/`) &&
  path.length > folder.length + 1 &&
  !path.slice(folder.length + 1).includes('/');

export function storagePolicy({ method, path, claims, resource }: PolicyRequest): boolean {
  const folder = path.replace(/\/+$/, '');
  if (method === 'list') {
    // Anyone may list the library, and a photo's thumbnails (the screen tidies a replaced photo's away).
    if (folder === MEDIA_FOLDER || oneSegment(folder, THUMBNAILS_FOLDER)) return true;
    return folder === DRAFTS_FOLDER && isAdmin(claims);
  }
  if (oneSegment(path, MEDIA_FOLDER)) {
    if (method === 'get') return true;
    if (!isAdmin(claims)) return false;
    if (method === 'delete') return true;
    return (
      MEDIA_NAME.test(nameOf(path)) &&
      isPhotoType(resource?.contentType ?? '') &&
      (resource?.size ?? Infinity) <= MAX_PHOTO_BYTES
    );
  }
  // A photo's thumbnails: thumbnails/<photo's name>/<file>, two segments below the folder.
  if (
    path.startsWith(`${THUMBNAILS_FOLDER}/`) &&
    path.split('/').length === 3 &&
    !path.endsWith('/')
  ) {
    if (method === 'get') return true;
    if (!isAdmin(claims)) return false;
    if (method === 'delete') return true;
    return (
      isThumbnailPath(path) &&
      resource?.contentType === THUMBNAIL_TYPE &&
      (resource?.size ?? Infinity) <= MAX_THUMBNAIL_BYTES
    );
  }
  if (oneSegment(path, DRAFTS_FOLDER)) {
    if (!isAdmin(claims)) return false;
    if (method === 'get' || method === 'delete') return true;
    return (
      DRAFT_NAME.test(nameOf(path)) &&
      resource?.contentType === 'application/json' &&
      (resource?.size ?? Infinity) <= MAX_DRAFT_BYTES
    );
  }
  return false;
}

/** The claims of an ID token, read without checking its signature (emulator tokens have none). */
export function claimsOf(token: string | undefined): Record<string, unknown> | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
  } catch {
    return null;
  }
}
