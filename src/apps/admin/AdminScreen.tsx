import { useCallback, useEffect, useState } from 'react';
import { useSession } from '../../kernel/components/account/services.ts';
import type { MediaLibrary } from '../media/library.ts';
import { loadContentHealth } from './admin-data.ts';
import { AdminLoading } from './AdminLoading.tsx';
import { ChangesSection } from './changes/Changes.tsx';
import { ContentHealthSection, type HealthState } from './ContentHealth.tsx';
import { EnquiriesSection } from './enquiries/Enquiries.tsx';
import { MediaLibrarySection } from './library/MediaLibrary.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { PagesSection } from './PagesList.tsx';

/**
 * /admin, the owner's home, once the guard has let an administrator in: the site's pages (each a
 * link to edit it), the changes waiting, scheduled and published, the enquiries, what is live, the
 * content's health, and the media library. Each section loads on its own, so one that fails leaves the others working; the
 * screen shows them together once each has loaded (or failed), so nothing on it moves as they
 * arrive (Lighthouse's CLS 0).
 */
export function AdminScreen({ library: media }: { library: MediaLibrary }) {
  const [health, setHealth] = useState<HealthState>({ status: 'loading' });
  useEffect(() => {
    loadContentHealth().then(
      (loaded) => setHealth({ status: 'loaded', health: loaded }),
      () => setHealth({ status: 'failed' }),
    );
  }, []);
  const session = useSession();
  const [live, setLive] = useState(false);
  const [library, setLibrary] = useState(false);
  const [enquiries, setEnquiries] = useState(false);
  const [changes, setChanges] = useState(false);
  const enquiriesReady = useCallback(() => setEnquiries(true), []);
  const changesReady = useCallback(() => setChanges(true), []);
  const liveReady = useCallback(() => setLive(true), []);
  const libraryReady = useCallback(() => setLibrary(true), []);
  const ready =
    live &&
    library &&
    enquiries &&
    changes &&
    health.status !== 'loading' &&
    session.status === 'signed-in';
  return (
    // Inside the guard's "allowed" state, under its line saying who is signed in: only the nested
    // sections carry states of their own (data-status).
    <div className="admin-screen">
      {ready ? (
        <>
          <nav className="admin-nav" aria-label="Admin sections">
            <a href="#pages">Pages</a>
            <a href="#changes">Changes</a>
            <a href="#enquiries">Enquiries</a>
            <a href="#live">What is live</a>
            <a href="#health">Content health</a>
            <a href="#library">Media library</a>
          </nav>
        </>
      ) : (
        <AdminLoading />
      )}
      <div className={ready ? 'admin-sections' : 'admin-sections is-loading'}>
        <PagesSection pages={health.status === 'loaded' ? health.health.pages : undefined} />
        <ChangesSection onReady={changesReady} />
        <EnquiriesSection
          serviceNames={health.status === 'loaded' ? health.health.services : undefined}
          onReady={enquiriesReady}
        />
        <LiveStatus onReady={liveReady} />
        <ContentHealthSection health={health} />
        <MediaLibrarySection
          library={media}
          usage={health.status === 'loaded' ? health.health.photos : undefined}
          onReady={libraryReady}
        />
      </div>
    </div>
  );
}
