/**
 * Records for the replay's tests: a whole game of random players (seeded), as a downloaded
 * record would be (plain JSON).
 */
import { playGame, recordOf, seededRng, type GameRecord } from '@belote/rules';

export function botRecord(seed = 'replay', target: 301 | 1000 = 301, announcements = false): GameRecord {
  return JSON.parse(JSON.stringify(recordOf(playGame({ target, announcements }, seededRng(seed)).state))) as GameRecord;
}

/** A coinche game of random players (seeded). */
export function coincheRecord(seed = 'coinche', maxDeals = 3): GameRecord {
  return JSON.parse(JSON.stringify(recordOf(playGame({ variant: 'coinche', target: 1000 }, seededRng(seed), undefined, { maxDeals }).state))) as GameRecord;
}
