/**
 * The game's own French terms: players use them in every language, so English, German and
 * French all take them from here (each language still lists every other text itself).
 */
export const TERMS = {
  belote: 'Belote !',
  rebelote: 'Rebelote !',
  beloteRow: 'Belote',
  capot: 'Capot',
  dedans: 'Dedans',
  litige: 'Litige',
  tierce: 'Tierce',
  quarte: 'Quarte',
  quinte: 'Quinte',
  carre: 'Carré',
} as const;
