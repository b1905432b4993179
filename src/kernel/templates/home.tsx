import { Blocks, opensWithHero } from '../components/Blocks.tsx';
import type { PageContext } from '../render/context.ts';

/**
 * The home page, inside a layout without header, sidebar or scroll-to-top: the branch logos lead
 * the way in, side by side even on a phone, with the call link beside or under them, so that
 * calling and the hero's "Ask for a quote" are both in the first screen.
 */
export function HomeTemplate({ ctx }: { ctx: PageContext }) {
  const { branches } = ctx.site.layout.profile;
  const { phone } = ctx.site.layout.navigation;
  return (
    <>
      <div className="home-top">
        <div className="home-brands">
          {(['cleaning', 'wellbeing'] as const).map((branch) => (
            <a key={branch} href={branches[branch].route} className="home-brand">
              <img
                src={branches[branch].logo}
                alt={branches[branch].name}
                width={240}
                height={64}
              />
            </a>
          ))}
        </div>
        <a className="phone-link" href={phone.href}>
          Call {phone.label}
        </a>
      </div>
      {opensWithHero(ctx.page.blocks) ? null : <h1 className="page-heading">{ctx.page.heading}</h1>}
      <Blocks ctx={ctx} />
    </>
  );
}
