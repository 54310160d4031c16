export * from './apply';
export * from './schema';
export * from './text';
