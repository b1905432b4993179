/**
 * The block builder's screens, by the `mount:` of their app pages: each is one esbuild entry
 * (src/apps/builder/screens/<mount>.tsx), loaded only by its page, with the builder's stylesheet.
 */
export const BUILDER_SCREENS = ['block-builder', 'block-preview', 'integrated-builder', 'test-builder-dashboard'] as const;
export type BuilderScreen = (typeof BUILDER_SCREENS)[number];

export const isBuilderScreen = (mount: string | undefined | null): mount is BuilderScreen => (BUILDER_SCREENS as readonly string[]).includes(mount ?? '');

/** The script entry of a builder screen (src/generator/bundle/bundle-assets.ts). */
export const builderEntry = (screen: BuilderScreen) => `builder-${screen}` as const;

/** The builder screens' stylesheet entry: linked by their pages only, so public pages' CSS is unchanged. */
export const BUILDER_STYLES = 'builder-styles';

/** The name under which a builder page's entry is listed in the assets' scripts: "builder/boot" (the builder's own bundle). */
export const builderScript = (entry: string) => `builder/${entry}`;

/** The builder bundle's entry with the Storage SDK (src/apps/builder/bucket-services.ts): in every builder page's load list and budget. */
export const BUILDER_STORAGE = 'bucket-services';
