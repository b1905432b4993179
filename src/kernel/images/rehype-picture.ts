import type { Element, ElementContent, Root } from 'hast';
import type { Plugin } from 'unified';
import { CONTINUE, SKIP, visit } from 'unist-util-visit';
import { pictureParts } from './picture.ts';
import type { ImageMap } from './responsive-image.ts';

const element = (
  tagName: string,
  properties: Element['properties'],
  children: ElementContent[] = [],
): Element => ({ type: 'element', tagName, properties, children });

/**
 * Turns each <img> whose src is a processed raster image into a <picture> with its AVIF and
 * WebP variants. The build's image map comes with each run, as `file.data.images`, so the
 * processor is still created once per process.
 */
export const rehypePicture: Plugin<[], Root> = function () {
  return (tree, file) => {
    const images = (file.data as { images?: ImageMap }).images;
    if (!images || images.size === 0) return;
    visit(tree, 'element', (node, index, parent) => {
      if (node.tagName !== 'img' || parent === undefined || index === undefined) return CONTINUE;
      const image = images.get(node.properties.src ?? '');
      if (!image) return CONTINUE;
      const title = typeof node.properties.title === 'string' ? node.properties.title : undefined;
      // A media library photo brings its own alt text, for content that gives none.
      const { sources, img } = pictureParts(
        image,
        (node.properties.alt ?? '') || (image.alt ?? ''),
        { title },
      );
      parent.children[index] = element('picture', {}, [
        ...sources.map((source) => element('source', { ...source })),
        element('img', { ...img }),
      ]);
      return SKIP;
    });
  };
};
