import type { FAQPage } from 'schema-dts';

/** Answers are plain text: the Markdown's text with every tag left out and entities decoded. */
export function faqPage(
  url: string,
  items: readonly { question: string; answerText: string }[],
): FAQPage {
  return {
    '@type': 'FAQPage',
    '@id': `${url}#faq`,
    url,
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answerText },
    })),
  };
}
