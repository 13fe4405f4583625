export * from './auth';
export * from './bookings';
export * from './catalogue';
export * from './parties';
export * from './reference';
export * from './settings';
export * from './documents';
