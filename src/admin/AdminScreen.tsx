import { useEffect, useState } from 'react';
import { SignOutButton } from '../account/screens/panels.tsx';
import { useSession } from '../account/services.ts';
import type { ContentHealth } from '../emit/content-health.ts';
import type { MediaLibrary } from '../media/library.ts';
import { loadContentHealth } from './admin-data.ts';
import { ContentHealthSection } from './ContentHealth.tsx';
import { MediaLibrarySection } from './library/MediaLibrary.tsx';
import { LiveStatus } from './LiveStatus.tsx';

export type HealthState = { status: 'loading' } | { status: 'loaded'; health: ContentHealth } | { status: 'failed' };

/**
 * /admin, once the guard has let an administrator in: what is live, the content's health, and the
 * media library. Each section loads on its own, so one that fails leaves the others working.
 */
export function AdminScreen({ library }: { library: MediaLibrary }) {
  const [health, setHealth] = useState<HealthState>({ status: 'loading' });
  useEffect(() => {
    loadContentHealth().then(
      (loaded) => setHealth({ status: 'loaded', health: loaded }),
      () => setHealth({ status: 'failed' }),
    );
  }, []);
  const session = useSession();
  return (
    // The guard's "allowed" state: only the nested sections carry states of their own (data-status).
    <div className="admin-screen" data-state="allowed">
      <div className="admin-who">
        <p>
          You are signed in as <strong className="account-email">{session.status === 'signed-in' ? session.user.email : '…'}</strong>.
        </p>
        <SignOutButton />
      </div>
      <nav className="admin-nav" aria-label="Admin sections">
        <a href="#live">What is live</a>
        <a href="#health">Content health</a>
        <a href="#library">Media library</a>
      </nav>
      <LiveStatus />
      <ContentHealthSection health={health} />
      <MediaLibrarySection library={library} usage={health.status === 'loaded' ? health.health.photos : undefined} />
    </div>
  );
}
