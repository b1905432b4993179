import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { Document } from '/work/wt-24/src/kernel/components/Document.tsx';
const doc = (body) => h(Document, { title: 'T', description: 'D', noindex: false, stylesheet: '/s.css', canonical: 'https://x/y' }, body);
console.log(JSON.stringify(renderToString(doc('\u0000content\u0000'))));
console.log(JSON.stringify(renderToString(doc(h('p', null, 'hi')))));
