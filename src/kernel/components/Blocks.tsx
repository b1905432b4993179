import { Fragment } from 'react';
import type { Block, Image } from '../schema/index.ts';
import { Picture } from '../images/Picture.tsx';
import { IconDrawing } from './IconDrawing.tsx';
import type { PageContext } from '../render/context.ts';
import { need } from '../render/page-parts.ts';
import { ContactCards } from './contact/ContactSection.tsx';
import { EnquiryForm } from './enquiry/EnquiryForm.tsx';
import { unreachable } from '../errors/unreachable.ts';

/**
 * Renders a page's blocks in order. A hero that opens the page carries the h1. A service's
 * photos follow that hero, or come first when the page has none.
 */
export function Blocks({ ctx }: { ctx: PageContext }) {
  const images = ctx.page.service?.images.length ? (
    <ServiceImages images={ctx.page.service.images} ctx={ctx} />
  ) : null;
  const afterHero = opensWithHero(ctx.page.blocks);
  return (
    <>
      {afterHero ? null : images}
      {ctx.page.blocks.map((block, index) => (
        <Fragment key={index}>
          {ctx.markBlocks ? <template data-block={index} /> : null}
          <BlockView block={block} index={index} ctx={ctx} />
          {afterHero && index === 0 ? images : null}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A service's `images`, each as a responsive <picture>, laid out like a picture in its Markdown.
 * Rendered without the build's images (the content lint does), an image is a plain <img>, as in Markdown.
 */
function ServiceImages({ images, ctx }: { images: readonly Image[]; ctx: PageContext }) {
  return (
    <div className="prose service-images">
      {images.map((image, i) => {
        const processed = ctx.images.get(image.src);
        return (
          <p key={i}>
            {processed ? (
              <Picture image={processed} alt={image.alt || (processed.alt ?? '')} />
            ) : (
              <img src={image.src} alt={image.alt} loading="lazy" decoding="async" />
            )}
          </p>
        );
      })}
    </div>
  );
}

/** Whether the template must render the h1 itself. */
export const opensWithHero = (blocks: readonly Block[]) => blocks[0]?.type === 'hero';

function BlockView({ block, index, ctx }: { block: Block; index: number; ctx: PageContext }) {
  const { site, page } = ctx;
  const part = <K extends 'services' | 'areas' | 'faqs'>(name: K) => need(site, name, page.route);
  switch (block.type) {
    case 'hero': {
      const Heading = index === 0 ? 'h1' : 'h2';
      return (
        <section className="hero">
          <Heading className="hero-heading">{block.heading ?? page.heading}</Heading>
          {block.lead ? <p className="hero-lead">{block.lead}</p> : null}
          {block.actions.length > 0 ? (
            <p className="hero-actions">
              {block.actions.map((action, i) => (
                <a
                  key={action.href}
                  className={i === 0 ? 'button' : 'button button-secondary'}
                  href={action.href}
                >
                  {action.label}
                </a>
              ))}
            </p>
          ) : null}
        </section>
      );
    }
    case 'body':
      return page.body ? (
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.body.html }} />
      ) : null;
    case 'markdown': {
      const rendered = page.blockMarkdown.get(index);
      return rendered ? (
        <div className="prose" dangerouslySetInnerHTML={{ __html: rendered.html }} />
      ) : null;
    }
    case 'services-grid': {
      // An explicit list, else on an area page the services popular there, else the branch's services.
      const slugs = block.services ?? page.area?.services;
      const cards = part('services');
      const services = slugs
        ? known(slugs.map((slug) => cards.find((card) => card.slug === slug)))
        : cards.filter((card) => block.branch === 'all' || card.branch === block.branch);
      return (
        <section className="services-grid" aria-labelledby={`block-${index}`}>
          <h2 id={`block-${index}`}>{block.heading ?? 'Our services'}</h2>
          <ul className="card-grid">
            {services.map((service) => (
              <li className="card" key={service.slug}>
                {service.iconDrawing ? (
                  <IconDrawing drawing={service.iconDrawing} className="card-icon" size={48} />
                ) : null}
                <h3 className="card-title">
                  <a href={service.href}>{service.name}</a>
                </h3>
                <p>{service.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'areas-list': {
      const slugs = block.areas ?? page.service?.areaServed ?? page.area?.neighbours;
      const links = part('areas');
      const areas = slugs
        ? known(slugs.map((slug) => links.find((area) => area.slug === slug)))
        : links;
      return (
        <section className="areas-list" aria-labelledby={`block-${index}`}>
          <h2 id={`block-${index}`}>{block.heading ?? 'Areas we cover'}</h2>
          <ul className="pill-list">
            {areas.map((area) => (
              <li key={area.slug}>
                <a href={area.href}>{area.name}</a>
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'faq-list': {
      const items = part('faqs');
      const faqs = block.faqs
        ? known(block.faqs.map((name) => items.find((faq) => faq.name === name)))
        : items;
      const QuestionHeading = block.heading ? 'h3' : 'h2';
      return (
        <section
          className="faq-list"
          aria-label={block.heading ? undefined : 'Questions and answers'}
          aria-labelledby={block.heading ? `block-${index}` : undefined}
        >
          {block.heading ? <h2 id={`block-${index}`}>{block.heading}</h2> : null}
          {faqs.map((faq) => (
            <article className="faq" id={faq.name} key={faq.name}>
              <QuestionHeading className="faq-question">{faq.question}</QuestionHeading>
              {faq.html ? (
                <div className="prose" dangerouslySetInnerHTML={{ __html: faq.html }} />
              ) : null}
            </article>
          ))}
        </section>
      );
    }
    case 'call-to-action':
      return (
        <section className="cta" aria-labelledby={`block-${index}`}>
          <h2 id={`block-${index}`}>{block.heading}</h2>
          {block.text ? <p>{block.text}</p> : null}
          <p>
            <a className="button" href={block.action.href}>
              {block.action.label}
            </a>
          </p>
        </section>
      );
    case 'contact-details': {
      const details = site.layout.contacts.get(block.file);
      if (!details) return null;
      const { profile } = site.layout;
      return (
        <section className="contact-details" aria-labelledby={`block-${index}`}>
          <h2 id={`block-${index}`}>{details.title}</h2>
          {details.subtitle ? <p className="contact-subtitle">{details.subtitle}</p> : null}
          <ContactCards details={details} />
          <h3>Opening hours</h3>
          <dl className="opening-hours">
            {profile.openingHours.map((hours) => (
              <div key={hours.dayOfWeek.join()}>
                <dt>{dayRange(hours.dayOfWeek)}</dt>
                <dd>
                  {hours.opens} to {hours.closes}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      );
    }
    case 'enquiry-form': {
      const served = [...new Set(part('areas').flatMap((area) => area.postcodes))].sort();
      return (
        <EnquiryForm
          block={block}
          services={part('services')}
          served={served}
          phone={site.layout.navigation.phone}
        />
      );
    }
  }
  return unreachable(block, 'block');
}

/**
 * The entries a block names that exist. The build's cross-checks stop a name that does not exist
 * before anything renders; the block builder's preview shows a draft while it still has one.
 */
const known = <T,>(items: readonly (T | undefined)[]): T[] =>
  items.filter((item): item is T => item !== undefined);

/** ["Monday", …, "Friday"] → "Monday to Friday". */
function dayRange(days: readonly string[]): string {
  return days.length > 2 ? `${days[0]} to ${days.at(-1)}` : days.join(' and ');
}
