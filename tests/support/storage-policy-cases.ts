// The media library's access policy as a table of cases: who, what, where, which file → allowed?
// It runs against the local Storage emulator (whose rules are src/generator/emulators/storage-policy.ts) and,
// where it can start, against firebase-tools' official emulator evaluating storage.rules
// (tests/unit/generator/emulators/storage-policy.test.ts), so the function and the rules file say the same.
import { MAX_DRAFT_BYTES, MAX_PHOTO_BYTES } from '../../src/kernel/wire/media-rules.ts';
import { MAX_THUMBNAIL_BYTES } from '../../src/kernel/wire/thumbnail-rules.ts';
import {
  deleteObject,
  EMULATOR_OWNER,
  getObjectMetadata,
  listFolder,
  updateObjectMetadata,
  uploadObject,
  type BucketAddress,
} from '../../src/generator/emulators/storage-rest.ts';

export type Who = 'nobody' | 'member' | 'admin';
export type Action = 'get' | 'list' | 'create' | 'update' | 'delete';

export interface PolicyCase {
  who: Who;
  action: Action;
  /** The object (or, for list, the folder). */
  path: string;
  /** For create: the file's type and size in bytes. */
  type?: string;
  size?: number;
  allowed: boolean;
}

const KB = 1024;
export const POLICY_CASES: readonly PolicyCase[] = [
  // The media library: anyone may look; administrators alone may change it, with photos only, 10 MB at most.
  { who: 'nobody', action: 'get', path: 'media/seen.jpg', allowed: true },
  { who: 'member', action: 'get', path: 'media/seen.jpg', allowed: true },
  { who: 'nobody', action: 'list', path: 'media', allowed: true },
  {
    who: 'nobody',
    action: 'create',
    path: 'media/anon.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'member',
    action: 'create',
    path: 'media/member.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo.png',
    type: 'image/png',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo.webp',
    type: 'image/webp',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo.avif',
    type: 'image/avif',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/largest.jpg',
    type: 'image/jpeg',
    size: MAX_PHOTO_BYTES,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/too-large.jpg',
    type: 'image/jpeg',
    size: MAX_PHOTO_BYTES + 1,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/animation.gif',
    type: 'image/gif',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/drawing.svg',
    type: 'image/svg+xml',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/notes.txt',
    type: 'text/plain',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/folder/nested.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  // Only names the upload screen makes (MEDIA_NAME): none that Cloud Storage refuses, that the emulator decodes twice, or that content could not use.
  {
    who: 'admin',
    action: 'create',
    path: 'media/under_score-2.jpeg',
    type: 'image/jpeg',
    size: KB,
    allowed: true,
  },
  { who: 'admin', action: 'create', path: 'media/.', type: 'image/jpeg', size: KB, allowed: false },
  {
    who: 'admin',
    action: 'create',
    path: 'media/..',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/100%.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/kitchen%2Fsink.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/line\nbreak.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/carriage\rreturn.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: `media/${'a'.repeat(1100)}.jpg`,
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/Kitchen.JPG',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo.tar.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/photo',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'media/space in name.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  { who: 'nobody', action: 'update', path: 'media/edited.jpg', allowed: false },
  { who: 'member', action: 'update', path: 'media/edited.jpg', allowed: false },
  { who: 'admin', action: 'update', path: 'media/edited.jpg', allowed: true },
  { who: 'nobody', action: 'delete', path: 'media/deleted.jpg', allowed: false },
  { who: 'member', action: 'delete', path: 'media/deleted.jpg', allowed: false },
  { who: 'admin', action: 'delete', path: 'media/deleted.jpg', allowed: true },
  // Each photo's thumbnails (thumbnails/<photo's name>/<generation>-<width>x<height>.webp): like the photos, anyone may look; administrators alone may change them, WebP only, 512 KB at most.
  {
    who: 'nobody',
    action: 'get',
    path: 'thumbnails/seen.jpg/1700000000000001-1600x1067.webp',
    allowed: true,
  },
  { who: 'nobody', action: 'list', path: 'thumbnails/seen.jpg', allowed: true },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/1700000000000001-1600x1067.webp',
    type: 'image/webp',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/1700000000000002-1600x1067.webp',
    type: 'image/webp',
    size: MAX_THUMBNAIL_BYTES,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/1700000000000003-1600x1067.webp',
    type: 'image/webp',
    size: MAX_THUMBNAIL_BYTES + 1,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/1700000000000004-1600x1067.webp',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/1700000000000005.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/Photo%20one.jpg/1700000000000001-1600x1067.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'thumbnails/photo.jpg/deeper/1700000000000001-1600x1067.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'member',
    action: 'create',
    path: 'thumbnails/member.jpg/1700000000000001-1600x1067.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'nobody',
    action: 'create',
    path: 'thumbnails/anon.jpg/1700000000000001-1600x1067.webp',
    type: 'image/webp',
    size: KB,
    allowed: false,
  },
  {
    who: 'member',
    action: 'delete',
    path: 'thumbnails/deleted.jpg/1700000000000001-1600x1067.webp',
    allowed: false,
  },
  {
    who: 'admin',
    action: 'delete',
    path: 'thumbnails/deleted.jpg/1700000000000002-1600x1067.webp',
    allowed: true,
  },
  // The builder's drafts: administrators only, JSON only, 1 MB at most.
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/home.json',
    type: 'application/json',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/huge.json',
    type: 'application/json',
    size: MAX_DRAFT_BYTES + 1,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/photo.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  {
    who: 'member',
    action: 'create',
    path: 'drafts/member.json',
    type: 'application/json',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/Home_page-2.json',
    type: 'application/json',
    size: KB,
    allowed: true,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/..',
    type: 'application/json',
    size: KB,
    allowed: false,
  },
  {
    who: 'admin',
    action: 'create',
    path: 'drafts/100%.json',
    type: 'application/json',
    size: KB,
    allowed: false,
  },
  { who: 'admin', action: 'get', path: 'drafts/seen.json', allowed: true },
  { who: 'member', action: 'get', path: 'drafts/seen.json', allowed: false },
  { who: 'nobody', action: 'get', path: 'drafts/seen.json', allowed: false },
  { who: 'admin', action: 'list', path: 'drafts', allowed: true },
  { who: 'member', action: 'list', path: 'drafts', allowed: false },
  { who: 'admin', action: 'delete', path: 'drafts/deleted.json', allowed: true },
  { who: 'member', action: 'delete', path: 'drafts/deleted.json', allowed: false },
  // Everything else is denied.
  {
    who: 'admin',
    action: 'create',
    path: 'other/photo.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
  { who: 'admin', action: 'get', path: 'other/seen.jpg', allowed: false },
  { who: 'nobody', action: 'get', path: 'other/seen.jpg', allowed: false },
  { who: 'admin', action: 'list', path: 'other', allowed: false },
  {
    who: 'admin',
    action: 'create',
    path: 'photo.jpg',
    type: 'image/jpeg',
    size: KB,
    allowed: false,
  },
];

/** An ID token as the Auth emulator issues them (unsigned): emulators read its claims without checking a signature. */
export function emulatorToken(who: Exclude<Who, 'nobody'>, projectId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const uid = `policy-${who}`;
  const claims = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: uid,
    sub: uid,
    iat: now,
    exp: now + 3600,
    email: `${who}@policy.example`,
    email_verified: true,
    firebase: { identities: { email: [`${who}@policy.example`] }, sign_in_provider: 'password' },
    ...(who === 'admin' ? { admin: true } : {}),
  };
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
}

/** Runs one case against a bucket: its object set up as the emulator's owner first where it must exist; true when the request was allowed. */
export async function attempt(
  address: BucketAddress,
  projectId: string,
  policyCase: PolicyCase,
): Promise<boolean> {
  const token = policyCase.who === 'nobody' ? undefined : emulatorToken(policyCase.who, projectId);
  const { action, path } = policyCase;
  const contentType =
    policyCase.type ??
    (path.endsWith('.json')
      ? 'application/json'
      : path.endsWith('.webp')
        ? 'image/webp'
        : 'image/jpeg');
  if (action === 'get' || action === 'update' || action === 'delete') {
    const seeded = await uploadObject(
      address,
      path,
      new Uint8Array(16),
      { contentType },
      EMULATOR_OWNER,
    );
    if (!seeded.ok) throw new Error(`Could not set up ${path}: HTTP ${seeded.status}`);
  }
  const response =
    action === 'get'
      ? await getObjectMetadata(address, path, token)
      : action === 'list'
        ? await listFolder(address, path, token)
        : action === 'update'
          ? await updateObjectMetadata(address, path, { metadata: { alt: 'Changed' } }, token)
          : action === 'delete'
            ? await deleteObject(address, path, token)
            : await uploadObject(
                address,
                path,
                new Uint8Array(policyCase.size ?? 16),
                { contentType },
                token,
              );
  await response.arrayBuffer();
  if (response.status === 403) return false;
  if (response.ok) return true;
  throw new Error(`${policyCase.who} ${action} ${path}: unexpected HTTP ${response.status}`);
}
