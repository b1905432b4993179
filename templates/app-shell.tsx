import { Blocks, opensWithHero } from '../src/components/Blocks.tsx';
import { Layout } from '../src/components/Layout.tsx';
import type { PageContext } from '../src/render/context.ts';

/**
 * Account, admin and builder pages: a server-rendered shell with a mount point.
 * The screen itself is a client-side island; without JavaScript the page says so.
 */
export function AppShellTemplate({ ctx }: { ctx: PageContext }) {
  return (
    <Layout ctx={ctx}>
      {opensWithHero(ctx.page.blocks) ? null : <h1 className="page-heading">{ctx.page.heading}</h1>}
      <Blocks ctx={ctx} />
      <div id="app-root" className="app-root" data-mount={ctx.page.mount}>
        <noscript>
          <p className="notice">This page needs JavaScript. Please turn it on, or contact us by phone or email instead.</p>
        </noscript>
      </div>
    </Layout>
  );
}
