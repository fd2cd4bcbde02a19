/** Save a practice game's record as a `belote-record/1` file (the browser's download). */
import { practiceRecord, recordFileName } from './record.js';
import type { SavedPractice } from './types.js';

export function downloadRecord(saved: SavedPractice, game: number, doc: Document = document): boolean {
  const record = practiceRecord(saved, game);
  if (!record) return false;
  const url = URL.createObjectURL(new Blob([JSON.stringify(record, null, 2)], { type: 'application/json' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = recordFileName(saved, game);
  doc.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
