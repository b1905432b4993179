import { useId } from 'react';

/** An id unique on the page that starts with `prefix` (React's own ids start with "_", which HTML ids should not). */
export const useDomId = (prefix: string) => `${prefix}-${useId().replace(/[^A-Za-z0-9]/g, '')}`;
