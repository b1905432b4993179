import { useCallback, useEffect, useState } from 'react';
import type { BuildManifest } from '../../kernel/wire/build-files.ts';
import { loadLatestBuild, loadManifest } from './admin-data.ts';
import { type LatestBuild } from '../../kernel/wire/build-files.ts';
import { formatTime, plural } from '../shared/format.ts';

type Live =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; tab: BuildManifest; latest: LatestBuild; checkedAt: Date };

/** How often the latest build is checked while the tab is open, as every page's build checks do. */
const CHECK_INTERVAL_MS = 5 * 60_000;

/**
 * What is live: the latest build (latest-build.json), its pages (the build manifest), and whether
 * this tab shows it. This tab's build is the manifest read when the screen opened, as every page's
 * build checks take it (src/apps/islands/build-checks.ts); the latest is read again every few minutes,
 * when the tab is shown again, and on "Check again".
 */
export function LiveStatus({ onReady }: { onReady: () => void }) {
  const [live, setLive] = useState<Live>({ status: 'loading' });
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    Promise.all([loadManifest(), loadLatestBuild()])
      .then(
        ([tab, latest]) => setLive({ status: 'loaded', tab, latest, checkedAt: new Date() }),
        () => setLive({ status: 'failed' }),
      )
      .finally(onReady);
  }, [onReady]);

  const checkAgain = useCallback(async () => {
    setChecking(true);
    try {
      const latest = await loadLatestBuild();
      setLive((current) =>
        current.status === 'loaded' ? { ...current, latest, checkedAt: new Date() } : current,
      );
    } catch {
      // Offline for a moment: the last answer stays, with its time.
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    const timer = setInterval(() => void checkAgain(), CHECK_INTERVAL_MS);
    const onShow = () => document.visibilityState === 'visible' && void checkAgain();
    document.addEventListener('visibilitychange', onShow);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onShow);
    };
  }, [checkAgain]);

  return (
    <section className="admin-section" id="live" aria-labelledby="live-heading">
      <h2 id="live-heading">What is live</h2>
      {live.status === 'loading' ? (
        <p>
          <output>Reading the latest build…</output>
        </p>
      ) : null}
      {live.status === 'failed' ? (
        <p role="alert">
          The build files could not be read, so what is live is unknown. Check your connection and
          reload the page.
        </p>
      ) : null}
      {live.status === 'loaded' ? (
        <Loaded live={live} checking={checking} onCheck={() => void checkAgain()} />
      ) : null}
    </section>
  );
}

/** Every route of the live build, listed once opened (a site of thousands of pages costs nothing until then). */
function RouteList({ routes }: { routes: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-routes" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Every page ({routes.length})</summary>
      {open ? (
        <ul>
          {routes.map((route) => (
            <li key={route}>
              <a href={route}>{route}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}

function Loaded({
  live,
  checking,
  onCheck,
}: {
  live: Extract<Live, { status: 'loaded' }>;
  checking: boolean;
  onCheck: () => void;
}) {
  const { tab, latest } = live;
  const current = tab.buildId === latest.buildId;
  return (
    <>
      <dl className="admin-facts">
        <dt>Latest build</dt>
        <dd>
          <code>{latest.buildId}</code>, built {formatTime(latest.time)}
        </dd>
        <dt>This tab</dt>
        <dd data-testid="tab-build" data-current={current ? 'yes' : 'no'}>
          {current ? (
            'Shows the latest build.'
          ) : (
            <>
              Shows an older build (<code>{tab.buildId}</code>, built {formatTime(tab.time)}).
              Reload the page to see the latest.{' '}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => window.location.reload()}
              >
                Reload
              </button>
            </>
          )}
        </dd>
        <dt>Pages</dt>
        <dd>{plural(tab.routes.length, 'page')}</dd>
      </dl>
      <p className="admin-note">
        <output>
          Checked at {formatTime(live.checkedAt.toISOString())}.{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={onCheck}
            disabled={checking}
          >
            {checking ? 'Checking…' : 'Check again'}
          </button>
        </output>
      </p>
      <RouteList routes={tab.routes} />
    </>
  );
}
