// The media library's Storage SDK, imported by src/apps/islands/screen-admin.ts as soon as it starts,
// so that evaluating it is a task of its own after React's, while the guard checks the role.
// Counted in the admin page's script budget (it is in the page's `load` list,
// src/kernel/render/layout-parts.ts). It holds no React: the public pages' chunks stay as they are.
export { firebaseLibrary } from '../media/firebase-library.ts';
