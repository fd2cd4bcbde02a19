// Worker-thread entry for the bench: register tsx in this thread, then run the TS worker.
import { register } from 'tsx/esm/api';

register();
await import('./bots.bench.ts');
