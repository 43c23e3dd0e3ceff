export * from './alerts.ts';
export * from './content.ts';
export * from './events.ts';
export * from './mfa.ts';
export * from './operations.ts';
export * from './people.ts';
