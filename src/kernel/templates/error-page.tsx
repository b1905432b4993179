import type { PageContext } from '../render/context.ts';

/**
 * 404 and 500 pages, inside the layout. They are static files served for any path, so the 404 page fills in the
 * requested path in the browser, as text; without JavaScript it reads "this address".
 */
export function ErrorPageTemplate({ ctx, message }: { ctx: PageContext; message: string }) {
  const [before, after] = message.split('{path}', 2);
  return (
    <>
      <h1 className="page-heading">{ctx.page.heading}</h1>
      <p className="error-message">
        {before}
        {after !== undefined ? (
          <>
            <code id="requested-path">this address</code>
            {after}
          </>
        ) : null}
      </p>
      <p>
        <a className="button" href="/">
          Go to the home page
        </a>
      </p>
    </>
  );
}
