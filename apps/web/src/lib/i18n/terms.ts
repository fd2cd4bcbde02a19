/**
 * The game's own French terms: players use them in every language, so English, German and
 * French all take them from here (each language still lists every other text itself). Coinche
 * keeps its French calls too: Coinche, Surcoinche (Coinché ×2, Surcoinché ×4). The contract is each
 * language's own word (`contrat`, `term_contract` in its later-*.ts).
 */
export const TERMS = {
  belote: 'Belote\u202f!',
  rebelote: 'Rebelote\u202f!',
  beloteRow: 'Belote',
  capot: 'Capot',
  capotCall: 'Capot\u202f!',
  dedans: 'Dedans',
  litige: 'Litige',
  tierce: 'Tierce',
  quarte: 'Quarte',
  quinte: 'Quinte',
  carre: 'Carré',
  // Coinche (docs/rules/COINCHE.md): kept in French in every language, like the terms above.
  coinche: 'Coinche',
  surcoinche: 'Surcoinche',
  coincheCall: 'Coinche\u202f!',
  surcoincheCall: 'Surcoinche\u202f!',
  coinched: 'Coinché',
  surcoinched: 'Surcoinché',
} as const;
