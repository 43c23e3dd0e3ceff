export * from './alerts.ts';
export * from './content.ts';
export * from './operations.ts';
export * from './people.ts';
export * from './events.ts';
