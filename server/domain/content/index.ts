/** Operator-managed content: kinds and fields, validation, admin writes, public reads. */
export * from './fields';
export * from './validate';
export * from './store';
export * from './public';
export * from './top-withdraw';
