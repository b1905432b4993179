// Cloud Storage for Firebase's REST calls, as the web SDK makes them (its v0 API): for Node code
// that talks to a bucket without the SDK: seeding the local emulator, and the policy cases.
// The browser uses the SDK itself (src/apps/media/firebase-library.ts).
import {
  libraryObjectUrl as objectUrl,
  type LibrarySource,
} from '../../kernel/images/library-metadata.ts';

/** "https://firebasestorage.googleapis.com", or a local emulator's origin, and the bucket. */
export type BucketAddress = LibrarySource;

const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** A one-shot multipart upload (the SDK's `uploadBytes`): metadata and bytes in one request. */
export function uploadObject(
  address: BucketAddress,
  fullPath: string,
  bytes: Uint8Array,
  metadata: { contentType: string; customMetadata?: Record<string, string> },
  token?: string,
): Promise<Response> {
  const boundary = `ardent-${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${JSON.stringify({ name: fullPath, contentType: metadata.contentType, metadata: metadata.customMetadata })}\r\n--${boundary}\r\nContent-Type: ${metadata.contentType}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--`)]);
  return fetch(
    `${address.origin}/v0/b/${encodeURIComponent(address.bucket)}/o?name=${encodeURIComponent(fullPath)}`,
    {
      method: 'POST',
      headers: {
        'content-type': `multipart/related; boundary=${boundary}`,
        'x-goog-upload-protocol': 'multipart',
        ...bearer(token),
      },
      body,
    },
  );
}

export const getObjectMetadata = (address: BucketAddress, fullPath: string, token?: string) =>
  fetch(objectUrl(address, fullPath), { headers: bearer(token) });

export const updateObjectMetadata = (
  address: BucketAddress,
  fullPath: string,
  metadata: object,
  token?: string,
) =>
  fetch(objectUrl(address, fullPath), {
    method: 'PATCH',
    headers: { 'content-type': 'application/json; charset=utf-8', ...bearer(token) },
    body: JSON.stringify(metadata),
  });

export const deleteObject = (address: BucketAddress, fullPath: string, token?: string) =>
  fetch(objectUrl(address, fullPath), { method: 'DELETE', headers: bearer(token) });

export const listFolder = (address: BucketAddress, folder: string, token?: string) =>
  fetch(
    `${address.origin}/v0/b/${encodeURIComponent(address.bucket)}/o?prefix=${encodeURIComponent(`${folder}/`)}&delimiter=${encodeURIComponent('/')}`,
    { headers: bearer(token) },
  );

/** The emulators' administrator credentials: they pass every rule (firebase-tools' isValidAdminCredentials). */
export const EMULATOR_OWNER = 'owner';
