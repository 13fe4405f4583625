// What `import … from 'zod'` gives the web app (vite.config.ts aliases it here): zod, configured
// first without eval (jitless.ts), so no schema of src/shared or src/web probes for it.
import './jitless';

export * from 'zod/v4';
export { z as default, z } from 'zod/v4';
