/** The TableStore contract (contract.ts) against memory, SQLite and a real PostgreSQL. */
import { storeContract } from './contract.js';
import { memoryHarness, pgHarness, sqliteHarness } from './harnesses.js';

storeContract('memory', memoryHarness);
storeContract('sqlite', sqliteHarness);
storeContract('pg', pgHarness);
