import type { ReactNode } from 'react';
import { JsonLd } from './JsonLd.tsx';

/** The picture shown when a page is shared: an absolute URL, with its size and type. */
export interface OpenGraphImage {
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

export interface DocumentProps {
  title: string;
  description: string;
  canonical?: string;
  noindex: boolean;
  stylesheet: string;
  /** A second stylesheet, for the pages that have one (the block builder's screens). */
  extraStylesheet?: string;
  /** Module scripts the page runs: deferred, so none blocks rendering. */
  scripts?: readonly string[];
  /** Modules those scripts import on this page, fetched in parallel rather than one after another. */
  preloads?: readonly string[];
  /** Modules needed only once the visitor acts: listed on the boot script, which preloads them after load. */
  later?: readonly string[];
  jsonLd?: unknown;
  openGraph?: { siteName: string; image?: OpenGraphImage; type: 'website' | 'article' };
  bodyClass?: string;
  children: ReactNode;
}

/** The whole HTML document: one place for the head every page shares. */
export function Document(props: DocumentProps) {
  const { title, description, canonical, openGraph } = props;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {props.noindex ? <meta name="robots" content="noindex, nofollow" /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <meta name="theme-color" content="#0f5e63" />
        <link rel="stylesheet" href={props.stylesheet} />
        {props.extraStylesheet ? <link rel="stylesheet" href={props.extraStylesheet} /> : null}
        {openGraph && canonical ? (
          <>
            <meta property="og:type" content={openGraph.type} />
            <meta property="og:site_name" content={openGraph.siteName} />
            <meta property="og:locale" content="en_GB" />
            <meta property="og:title" content={title} />
            <meta property="og:description" content={description} />
            <meta property="og:url" content={canonical} />
            {openGraph.image ? (
              <>
                <meta property="og:image" content={openGraph.image.url} />
                <meta property="og:image:type" content={openGraph.image.type} />
                <meta property="og:image:width" content={String(openGraph.image.width)} />
                <meta property="og:image:height" content={String(openGraph.image.height)} />
                <meta property="og:image:alt" content={openGraph.image.alt} />
              </>
            ) : null}
            <meta
              name="twitter:card"
              content={openGraph.image ? 'summary_large_image' : 'summary'}
            />
            <meta name="twitter:title" content={title} />
            <meta name="twitter:description" content={description} />
            {openGraph.image ? (
              <>
                <meta name="twitter:image" content={openGraph.image.url} />
                <meta name="twitter:image:alt" content={openGraph.image.alt} />
              </>
            ) : null}
          </>
        ) : null}
        {props.scripts?.map((src, i) => (
          // The first script is boot: it preloads the `later` modules after the load event. (A list of
          // <link>s in a <template> would do, but React hoists every <link rel=modulepreload> into the head.)
          <script
            key={src}
            type="module"
            src={src}
            data-later-modules={i === 0 && props.later?.length ? props.later.join(' ') : undefined}
          />
        ))}
        {props.preloads?.map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
        {props.jsonLd ? <JsonLd data={props.jsonLd} /> : null}
      </head>
      <body id="top" className={props.bodyClass}>
        {props.children}
      </body>
    </html>
  );
}
