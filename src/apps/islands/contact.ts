// The "contact" island's entry: loaded only by pages that contain it.
import { ContactSection } from '../../kernel/components/contact/ContactSection.tsx';
import { hydrateWith } from './hydrate.ts';

export const mount = hydrateWith(ContactSection);
