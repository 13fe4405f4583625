// `npm start`: builds the web app if needed, then runs the server (API + web app) in this process.
import { register } from 'tsx/esm/api';
import { ensureWebBuilt } from './web-build.mjs';

ensureWebBuilt();
register();
await import('../src/server/main.ts');
