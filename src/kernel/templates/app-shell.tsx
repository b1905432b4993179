import { AccountScreen } from '../components/account/AccountScreen.tsx';
import { Blocks, opensWithHero } from '../components/Blocks.tsx';
import type { PageContext } from '../render/context.ts';

/**
 * Account, admin and builder pages, inside the layout: a server-rendered shell with a mount point. The screen itself
 * is a client-side island, rendered here in its first state; without JavaScript the page says so.
 * The sign-in service's configuration rides on the mount element as JSON (no inline script).
 */
export function AppShellTemplate({ ctx }: { ctx: PageContext }) {
  const { screen } = ctx.parts;
  const { firebase } = ctx.site.layout;
  return (
    <>
      {opensWithHero(ctx.page.blocks) ? null : <h1 className="page-heading">{ctx.page.heading}</h1>}
      <Blocks ctx={ctx} />
      <div
        id="app-root"
        className="app-root"
        data-mount={ctx.page.mount}
        data-firebase={firebase ? JSON.stringify(firebase) : undefined}
      >
        <noscript>
          <p className="notice">
            This page needs JavaScript. Please turn it on, or contact us by phone or email instead.
          </p>
        </noscript>
        {screen ? <AccountScreen screen={screen} configured={firebase !== undefined} /> : null}
      </div>
    </>
  );
}
