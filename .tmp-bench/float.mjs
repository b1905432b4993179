import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
console.log(renderToString(h('div', null, h('img', { src: '/a.svg', alt: '' }))));
console.log(renderToString(h('html', null, h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'T')), h('body', null, 'X', h('div', { dangerouslySetInnerHTML: { __html: '<img src="/b.svg">' } }), h('img', { src: '/a.svg' })))));
