// The media library, for the builder's image fields and its preview: null until the Storage SDK
// has loaded, or when the site has no bucket (src/apps/builder/bucket-services.ts).
import { createContext, useContext } from 'react';
import type { LibraryReader } from '../../media/firebase-library.ts';

export const LibraryContext = createContext<LibraryReader | null>(null);
export const useLibrary = () => useContext(LibraryContext);
