// React, React DOM and JSX's runtime, with the hydration helper: what every screen and island
// shares, so the bundle keeps them in one chunk. src/apps/islands/guard-start.ts evaluates this in a
// task before the screen's own module, so neither evaluation is one long task on a slow phone.
import 'react/jsx-runtime';
export { hydrateWith } from './hydrate.ts';
