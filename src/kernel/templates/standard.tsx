import { Blocks, opensWithHero } from '../components/Blocks.tsx';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import type { PageContext } from '../render/context.ts';

/** Main, service and area pages, inside the full layout: breadcrumbs, then the blocks. */
export function StandardTemplate({ ctx }: { ctx: PageContext }) {
  return (
    <>
      <Breadcrumbs trail={ctx.trail} />
      {opensWithHero(ctx.page.blocks) ? null : <h1 className="page-heading">{ctx.page.heading}</h1>}
      <Blocks ctx={ctx} />
    </>
  );
}
