export * from './common.ts';
export * from './blocks.ts';
export * from './profile.ts';
export * from './contact.ts';
export * from './navigation.ts';
export * from './entries.ts';
