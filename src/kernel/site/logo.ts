import type { Branch } from '../schema/common.ts';
import type { Navigation } from '../schema/navigation.ts';
import type { BusinessProfile } from '../schema/profile.ts';
import { normalisePath } from './contact-file.ts';

export interface LogoLink {
  branch: Branch;
  name: string;
  href: string;
  src: string;
}

/** The header logo: the wellbeing branch on its listed paths, the cleaning branch everywhere else. */
export function logoForPath(
  pathname: string,
  logo: Navigation['logo'],
  branches: BusinessProfile['branches'],
): LogoLink {
  const branch: Branch = logo.wellbeingPaths.includes(normalisePath(pathname))
    ? 'wellbeing'
    : 'cleaning';
  const profile = branches[branch];
  return { branch, name: profile.name, href: profile.route, src: profile.logo };
}
